package io.github.jmeterkafka.harness;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The jmeter-plugins most JMeter installs have, where the Plugins Manager puts them: their common jar and cmdrunner in
 * lib/, the Plugins Manager, Custom Thread Groups and Basic Graphs in lib/ext/ (jars from the build's extra dir).
 */
public record JmeterPluginsSet(List<Path> lib, List<Path> libExt) {

    public static JmeterPluginsSet common() {
        return new JmeterPluginsSet(
                List.of(jar("jmeter-plugins-cmn-jmeter"), jar("cmdrunner")),
                List.of(
                        jar("jmeter-plugins-manager"),
                        jar("jmeter-plugins-casutg"),
                        jar("jmeter-plugins-graphs-basic")));
    }

    public List<Path> jars() {
        return Stream.concat(lib.stream(), libExt.stream()).toList();
    }

    public void installInto(JMeter jmeter) {
        lib.forEach(jmeter::addLib);
        libExt.forEach(jmeter::addLibExt);
    }

    public void removeFrom(JMeter jmeter) {
        lib.forEach(j -> jmeter.removeLib(j.getFileName().toString()));
        libExt.forEach(j -> jmeter.removeLibExt(j.getFileName().toString()));
    }

    private static Path jar(String prefix) {
        return JMeter.jars(Harness.jmeterExtraDir(), prefix).get(0);
    }
}
