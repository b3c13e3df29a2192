package io.github.jmeterkafka.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BenchTest {

    @Test
    void caseTitlesCountRecordsInMillionsOrThousands() {
        assertThat(Bench.count(1_000_000)).isEqualTo("1M");
        assertThat(Bench.count(5_000_000)).isEqualTo("5M");
        assertThat(Bench.count(100_000)).isEqualTo("100k");
        assertThat(Bench.count(1234)).isEqualTo("1234");
    }

    @Test
    void groupsNameSeveralCasesAndAllNamesEveryCase() {
        assertThat(Bench.cases("codecs,a")).containsExactly("lz4", "snappy", "gzip", "zstd", "none", "a");
        assertThat(Bench.cases("payloads")).containsExactly("template", "avro", "registry", "generators");
        assertThat(Bench.cases(" lz4 , none")).containsExactly("lz4", "none");
        assertThat(Bench.cases("all")).contains("a", "consume6", "lz4", "template", "generators", "latency");
        assertThatThrownBy(() -> Bench.cases("brotli")).hasMessageContaining("No case 'brotli'");
    }
}
