package io.github.jmeterkafka;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.syntax.elements.ClassesShould;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.sampler.base.AbstractKafkaSampler;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * CONTRIBUTING.md's layers, kept by the build: one rule per row of its "may import" table, JMeter
 * only in the JMeter-facing packages, the echo service apart, no cycles. A wrong import fails
 * {@code mvn test} with the name of the rule it breaks. Main classes only: tests may reach anywhere.
 */
@AnalyzeClasses(packages = "io.github.jmeterkafka", importOptions = ImportOption.DoNotIncludeTests.class)
class LayersTest {

    private static final String ROOT = "io.github.jmeterkafka.";

    /** Every package of the plugin, as CONTRIBUTING.md names them. */
    private static final List<String> PACKAGES = List.of(
            "sampler",
            "listener",
            "config",
            "report",
            "influx",
            "prometheus",
            "run",
            "client",
            "metrics",
            "payload",
            "measure",
            "sweep",
            "input",
            "text",
            "echo",
            "cli");

    /** Every package but echo/ may import these; they import nothing of the plugin. */
    private static final List<String> GROUND = List.of("input", "text");

    /** The packages that may use JMeter's classes: the elements JMeter loads, and what they share. */
    private static final String[] JMETER_FACING =
            packages("sampler", "listener", "config", "report", "influx", "prometheus", "run");

    @ArchTest
    static final ArchRule everyPackageIsInTheTable = classes()
            .should()
            .resideInAnyPackage(packages(PACKAGES.toArray(String[]::new)))
            .as("every package is a row of CONTRIBUTING.md's table");

    @ArchTest
    static final ArchRule sampler =
            mayImport("sampler", "run", "config", "report", "client", "payload", "measure", "metrics");

    @ArchTest
    static final ArchRule listener = mayImport("listener", "run", "config", "metrics", "client", "measure");

    @ArchTest
    static final ArchRule config = mayImport("config", "metrics", "client");

    @ArchTest
    static final ArchRule report = mayImport("report", "measure");

    @ArchTest
    static final ArchRule influx = mayImport("influx", "measure");

    @ArchTest
    static final ArchRule prometheus = mayImport("prometheus", "measure");

    @ArchTest
    static final ArchRule run = mayImport("run", "client", "measure", "metrics");

    @ArchTest
    static final ArchRule client = mayImport("client", "payload", "measure");

    @ArchTest
    static final ArchRule metrics = mayImport("metrics", "client", "measure");

    @ArchTest
    static final ArchRule payload = mayImport("payload");

    @ArchTest
    static final ArchRule measure = mayImport("measure");

    @ArchTest
    static final ArchRule sweep = mayImport("sweep", "measure");

    @ArchTest
    static final ArchRule cli = mayImport("cli", "sweep", "echo");

    @ArchTest
    static final ArchRule input = importsNothingOfThePlugin("input");

    @ArchTest
    static final ArchRule text = importsNothingOfThePlugin("text");

    @ArchTest
    static final ArchRule echo = importsNothingOfThePlugin("echo");

    @ArchTest
    static final ArchRule nothingImportsEcho = noClasses()
            .that()
            .resideOutsideOfPackages(ROOT + "echo..", ROOT + "cli..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage(ROOT + "echo..")
            .as("nothing of the plugin imports echo/ but the command line, cli/");

    @ArchTest
    static final ArchRule noJMeterBelowTheGlue = belowTheGlue()
            .dependOnClassesThat()
            .resideInAnyPackage("org.apache.jmeter..", "org.apache.jorphan..", "kg.apc..")
            .as("nothing below the JMeter-facing packages uses JMeter, input/PluginProperties excepted");

    @ArchTest
    static final ArchRule pluginPropertiesOnlyInTheGlue = belowTheGlue()
            .dependOnClassesThat()
            .belongToAnyOf(PluginProperties.class)
            .as("only the JMeter-facing packages read input/PluginProperties");

    @ArchTest
    static final ArchRule noCycles =
            slices().matching(ROOT + "(*)..").should().beFreeOfCycles().as("no cycles between the plugin's packages");

    /** The classes below the JMeter-facing packages, input/PluginProperties aside, as a rule's subject. */
    private static ClassesShould belowTheGlue() {
        return noClasses()
                .that()
                .resideOutsideOfPackages(JMETER_FACING)
                .and()
                .doNotBelongToAnyOf(PluginProperties.class)
                .should();
    }

    /** {@code pkg} imports the ground floor and the packages named, nothing else of the plugin. */
    private static ArchRule mayImport(String pkg, String... allowed) {
        List<String> may = Arrays.asList(allowed);
        String[] others = PACKAGES.stream()
                .filter(p -> !p.equals(pkg) && !GROUND.contains(p) && !may.contains(p))
                .map(p -> ROOT + p + "..")
                .toArray(String[]::new);
        String names = allowed.length == 0
                ? "the ground floor (input/, text/) only"
                : Arrays.stream(allowed).map(p -> p + "/").collect(Collectors.joining(", "))
                        + " and the ground floor only";
        return noClasses()
                .that()
                .resideInAPackage(ROOT + pkg + "..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(others)
                .as(pkg + "/ imports " + names);
    }

    /**
     * sampler/'s floors: the elements (sampler/ itself: classes, BeanInfos and resources saved plans name) hold each
     * element's room (producer/, consumer/, share/, reply/ for Request-Reply and Await, admin/), which holds its
     * element's fields and parts; the rooms stand apart and share base/ (the base class and what every sampler
     * shares), which imports no room and no element.
     */
    @ArchTest
    static final ArchRule samplerFloors = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer("elements")
            .definedBy(ROOT + "sampler")
            .layer("producer")
            .definedBy(ROOT + "sampler.producer..")
            .layer("consumer")
            .definedBy(ROOT + "sampler.consumer..")
            .layer("share")
            .definedBy(ROOT + "sampler.share..")
            .layer("reply")
            .definedBy(ROOT + "sampler.reply..")
            .layer("admin")
            .definedBy(ROOT + "sampler.admin..")
            .layer("base")
            .definedBy(ROOT + "sampler.base..")
            .whereLayer("elements")
            .mayNotBeAccessedByAnyLayer()
            .whereLayer("producer")
            .mayOnlyBeAccessedByLayers("elements")
            .whereLayer("consumer")
            .mayOnlyBeAccessedByLayers("elements")
            .whereLayer("share")
            .mayOnlyBeAccessedByLayers("elements")
            .whereLayer("reply")
            .mayOnlyBeAccessedByLayers("elements")
            .whereLayer("admin")
            .mayOnlyBeAccessedByLayers("elements")
            .whereLayer("base")
            .mayOnlyBeAccessedByLayers("elements", "producer", "consumer", "share", "reply", "admin")
            .as("sampler/'s floors: the elements over their rooms (producer/, consumer/, share/, reply/, admin/),"
                    + " which import no other room, over base/");

    /** Every package at every depth, each its own slice: sub-packages included, imports go one way. */
    @ArchTest
    static final ArchRule noCyclesAtAnyDepth = slices().matching(ROOT + "(**)")
            .should()
            .beFreeOfCycles()
            .as("no cycle between any two of the plugin's packages, sub-packages included");

    /** TestBean reads a sampler's fields off its class: their accessors may stand apart, and nothing else may. */
    @ArchTest
    static final ArchRule fieldsClassesHoldOnlyFieldsAndAccessors = methods()
            .that()
            .areDeclaredInClassesThat()
            .haveSimpleNameEndingWith("Fields")
            .and()
            .areDeclaredInClassesThat()
            .resideInAPackage(ROOT + "sampler..")
            .and()
            .doNotHaveModifier(JavaModifier.SYNTHETIC)
            .should()
            .haveNameMatching("(get|set|is)[A-Z].*")
            .as("a sampler's *Fields class holds its bean fields and their accessors only: behaviour goes into a"
                    + " part the sampler holds");

    /** A class over the size cap is split by composition: the only superclasses between a sampler and the base. */
    @ArchTest
    static final ArchRule theOnlyInsertedSuperclassesAreFieldsClasses = classes()
            .that()
            .areAssignableTo(AbstractKafkaSampler.class)
            .and()
            .haveModifier(JavaModifier.ABSTRACT)
            .and()
            .doNotBelongToAnyOf(AbstractKafkaSampler.class)
            .should()
            .haveSimpleNameEndingWith("Fields")
            .as("between a sampler and AbstractKafkaSampler stand only *Fields classes");

    private static ArchRule importsNothingOfThePlugin(String pkg) {
        return noClasses()
                .that()
                .resideInAPackage(ROOT + pkg + "..")
                .should()
                .dependOnClassesThat(
                        resideInAPackage("io.github.jmeterkafka..").and(resideOutsideOfPackage(ROOT + pkg + "..")))
                .as(pkg + "/ imports nothing of the plugin");
    }

    private static String[] packages(String... names) {
        return Arrays.stream(names).map(p -> ROOT + p + "..").toArray(String[]::new);
    }
}
