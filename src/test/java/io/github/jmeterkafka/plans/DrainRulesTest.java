package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import javax.script.Bindings;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The ready plans' consumers stop once only their own group is left, by a JEXL rule on the
 * sample's thread counts. JMeter reads those two counts one after the other, so a consumer that
 * ends in between is already gone from the all-threads count but still in its group's: the rule
 * must take that as "only this group left" too, or the last empty poll is kept as a failure.
 */
public class DrainRulesTest {

    @Test
    void aConsumerEndingWhileTheCountsAreReadStillEndsTheDrain() throws Exception {
        List<String> rules = drainRules();
        assertThat(rules).hasSize(4);
        for (String rule : rules) {
            Outcome last = run(rule, 2, 3);
            assertThat(last.ignored).as(rule).isTrue();
            assertThat(last.ctx.thread.stopped).as(rule).isTrue();
        }
    }

    @Test
    void aPollWhileAnotherGroupRunsGoesOn() throws Exception {
        for (String rule : drainRules()) {
            Outcome early = run(rule, 4, 3);
            assertThat(early.ctx.thread.stopped).as(rule).isFalse();
        }
    }

    private static Outcome run(String rule, int allThreads, int groupThreads) throws Exception {
        ScriptEngine jexl = new ScriptEngineManager().getEngineByName("jexl");
        SampleResult prev = new SampleResult();
        prev.setResponseCode("404");
        prev.sampleStart();
        prev.setAllThreads(allThreads);
        prev.setGroupThreads(groupThreads);
        Properties props = new Properties();
        props.put("jmeter-kafka.queue.taken", "true");
        Ctx ctx = new Ctx();
        Bindings bindings = jexl.createBindings();
        bindings.put("prev", prev);
        bindings.put("props", props);
        JMeterVariables vars = new JMeterVariables();
        vars.put("TESTSTART.MS", Long.toString(prev.getStartTime()));
        bindings.put("vars", vars);
        bindings.put("ctx", ctx);
        bindings.put("log", LoggerFactory.getLogger(DrainRulesTest.class));
        jexl.eval(rule, bindings);
        return new Outcome(prev.isIgnore(), ctx);
    }

    /** Every JSR223 post-processor script of the ready plans that reads the thread counts. */
    private static List<String> drainRules() throws Exception {
        List<String> rules = new ArrayList<>();
        List<Path> plans;
        try (Stream<Path> files = Files.walk(Path.of("test-plans"))) {
            plans = files.filter(p -> p.toString().endsWith(".jmx")).sorted().toList();
        }
        for (Path plan : plans) {
            NodeList props = DocumentBuilderFactory.newInstance()
                    .newDocumentBuilder()
                    .parse(plan.toFile())
                    .getElementsByTagName("stringProp");
            for (int i = 0; i < props.getLength(); i++) {
                Element prop = (Element) props.item(i);
                String text = prop.getTextContent();
                if ("script".equals(prop.getAttribute("name")) && text.contains("groupThreads")) {
                    rules.add(text);
                }
            }
        }
        return rules;
    }

    private record Outcome(boolean ignored, Ctx ctx) {}

    /** What the rules use of JMeter's thread context. */
    public static final class Ctx {
        final Worker thread = new Worker();

        public Worker getThread() {
            return thread;
        }

        public int getThreadNum() {
            return 0;
        }
    }

    /** What the rules use of JMeter's thread. */
    public static final class Worker {
        boolean stopped;

        public void stop() {
            stopped = true;
        }
    }
}
