package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RecordBudgetTest {

    @Test
    void threadsTakeWhatIsLeft_thenNothing() {
        RecordBudget budget = new RecordBudget(10);
        assertThat(budget.take(6)).isEqualTo(6);
        assertThat(budget.take(6)).isEqualTo(4);
        assertThat(budget.spent()).isTrue();
        assertThat(budget.take(6)).isZero();
    }

    @Test
    void manyThreadsTakeExactlyTheTotal() throws Exception {
        RecordBudget budget = new RecordBudget(100_003);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<Long>> taken = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            taken.add(pool.submit(() -> {
                long sum = 0;
                for (int n; (n = budget.take(7)) > 0; ) {
                    sum += n;
                }
                return sum;
            }));
        }
        long total = 0;
        for (Future<Long> f : taken) {
            total += f.get(30, TimeUnit.SECONDS);
        }
        pool.shutdown();
        assertThat(total).isEqualTo(100_003);
    }

    @Test
    void noTotalMeansNoLimit() {
        RecordBudget budget = RecordBudget.unlimited();
        assertThat(budget.take(1_000_000)).isEqualTo(1_000_000);
        assertThat(budget.take(0)).isZero();
        assertThat(budget.spent()).isFalse();
    }
}
