package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.input.PluginProperties;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.AbstractJavaSamplerClient;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.services.FileServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ready plans' first sample, a Java Request: refuses a {@code -J} property given outside its fixed set of values
 * before the plan sends anything. Its one parameter, {@value #CHOICES}, lists the plan's sets:
 * {@code "format=json,avro acks=0,1,all"}; a property not given keeps the plan's default. A value outside its set
 * fails the sample (code 400) with one ERROR line naming it, and the setUp group's "Stop Test" on a sampler error
 * ends the run before the other groups start; when every value is in its set the sample is left out of the results.
 *
 * <p>Plain Java rather than a script: a JSR223 check compiled Groovy at every start, about 1.3 s of CPU a run. One
 * parameter, because the Java Request's GUI keeps only the parameters {@link #getDefaultParameters} names.
 */
public final class PropertyCheck extends AbstractJavaSamplerClient {
    static final String CHOICES = "choices";
    private static final Logger log = LoggerFactory.getLogger(PropertyCheck.class);

    @Override
    public Arguments getDefaultParameters() {
        Arguments defaults = new Arguments();
        defaults.addArgument(CHOICES, "");
        return defaults;
    }

    @Override
    public SampleResult runTest(JavaSamplerContext context) {
        SampleResult result = new SampleResult();
        result.sampleStart();
        String refused = refused(context.getParameter(CHOICES, ""), name -> PluginProperties.get(name, (String) null));
        result.sampleEnd();
        if (refused == null) {
            result.setSuccessful(true);
            result.setIgnore();
            return result;
        }
        String line = FileServer.getFileServer().getScriptName() + ": " + refused;
        log.error(line);
        result.setSuccessful(false);
        result.setResponseCode("400");
        result.setResponseMessage(line);
        return result;
    }

    /**
     * The first property of {@code choices} ({@code name=value,value ...}) that {@code given} (a property's value or
     * null) has outside its values,
     * as {@code -Jname=given is not one of a, b}; null when there is none.
     */
    static String refused(String choices, UnaryOperator<String> given) {
        for (String choice : choices.trim().split("\\s+", -1)) {
            int eq = choice.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String name = choice.substring(0, eq);
            List<String> allowed = Arrays.asList(choice.substring(eq + 1).split(",", -1));
            String value = given.apply(name);
            if (value != null && !allowed.contains(value)) {
                return "-J" + name + "=" + value + " is not one of " + String.join(", ", allowed);
            }
        }
        return null;
    }
}
