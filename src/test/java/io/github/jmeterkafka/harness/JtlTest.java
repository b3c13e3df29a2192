package io.github.jmeterkafka.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class JtlTest {

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,Latency,SampleCount,ErrorCount,Connect,topic\n";

    @Test
    void parsesQuotedFieldsWithCommasQuotesAndLineBreaks() {
        Jtl jtl = Jtl.parse(
                HEADER
                        + "1700000000000,12,\"send, \"\"fast\"\"\",OK,\"line one\nline two\",TG 1-1,true,,100,2000,1,1,11,10,0,3,t1\n"
                        + "1700000000001,5,plain,TimeoutException,\"Expiring 1 record(s)\",TG 1-2,false,\"a, b\",0,500,1,1,0,5,5,0,t2\r\n");

        assertThat(jtl.size()).isEqualTo(2);
        Jtl.Row first = jtl.rows().get(0);
        assertThat(first.label()).isEqualTo("send, \"fast\"");
        assertThat(first.responseMessage()).isEqualTo("line one\nline two");
        assertThat(first.success()).isTrue();
        assertThat(first.failureMessage()).isEmpty();
        assertThat(first.sampleCount()).isEqualTo(10);
        assertThat(first.sentBytes()).isEqualTo(2000);
        assertThat(first.latency()).isEqualTo(11);
        assertThat(first.connect()).isEqualTo(3);
        assertThat(first.get("topic")).isEqualTo("t1");

        Jtl.Row second = jtl.rows().get(1);
        assertThat(second.success()).isFalse();
        assertThat(second.responseCode()).isEqualTo("TimeoutException");
        assertThat(second.failureMessage()).isEqualTo("a, b");
        assertThat(second.threadName()).isEqualTo("TG 1-2");
        assertThat(jtl.failures()).containsExactly(second);
        assertThat(jtl.totalSampleCount()).isEqualTo(15);
        assertThat(jtl.totalErrorCount()).isEqualTo(5);
        assertThat(jtl.rows("plain")).hasSize(1);
    }

    @Test
    void keepsEmptyTrailingField() {
        Jtl jtl = Jtl.parse("timeStamp,label,extra\n1,a,\n");
        assertThat(jtl.rows().get(0).get("extra")).isEmpty();
        assertThat(jtl.rows().get(0).sampleCount()).isEqualTo(1);
    }

    @Test
    void rejectsRowsThatDoNotMatchTheHeader() {
        assertThatThrownBy(() -> Jtl.parse("timeStamp,label\n1,a,b\n")).hasMessageContaining("3 fields");
        assertThatThrownBy(() -> Jtl.parse("")).hasMessageContaining("Empty");
        assertThatThrownBy(() -> Jtl.parse("timeStamp,label\n1,\"open\n"))
                .hasMessageContaining("line 2: a quoted field is not closed");
    }

    @Test
    void unknownColumnNamesTheColumnsThatExist() {
        Jtl jtl = Jtl.parse("timeStamp,label\n1,a\n");
        assertThatThrownBy(() -> jtl.rows().get(0).get("nope"))
                .hasMessageContaining("nope")
                .hasMessageContaining("label");
    }
}
