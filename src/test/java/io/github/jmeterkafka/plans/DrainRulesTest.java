package io.github.jmeterkafka.plans;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.script.Bindings;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import javax.script.ScriptException;
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
        Map<String, String> rules = drainRules();
        assertThat(rules).hasSize(4);
        rules.forEach((plan, rule) -> {
            Outcome last = run(rule, 2, 3);
            assertThat(last.ignored).as(plan).isTrue();
            assertThat(last.ctx.thread.stopped).as(plan).isTrue();
        });
    }

    @Test
    void aPollWhileAnotherGroupRunsGoesOn() throws Exception {
        drainRules()
                .forEach((plan, rule) ->
                        assertThat(run(rule, 4, 3).ctx.thread.stopped).as(plan).isFalse());
    }

    private static Outcome run(String rule, int allThreads, int groupThreads) {
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
        try {
            jexl.eval(rule, bindings);
        } catch (ScriptException e) {
            throw new IllegalStateException(e);
        }
        return new Outcome(prev.isIgnore(), ctx);
    }

    /** Every script of the ready plans that reads the thread counts, by plan. */
    private static Map<String, String> drainRules() throws Exception {
        Map<String, String> rules = new TreeMap<>();
        List<Path> plans;
        try (Stream<Path> files = Files.walk(Harness.projectDir().resolve("test-plans"))) {
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
                    assertThat(rules.put(plan.getFileName().toString(), text))
                            .as("one rule in %s", plan)
                            .isNull();
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
