package io.github.jmeterkafka.ecosystem;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.Loopback;
import io.github.jmeterkafka.harness.Processes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One of examples/ as a user runs it: copied out of the repository (links become the files they point to), built by
 * Maven 3.9 with a local repository of the tests' own that holds jmeter-kafka installed from this build (its jar and
 * published POM), Maven's own repository behind it, read only. That repository is made once per test JVM, emptied
 * first so no jmeter-kafka of an earlier build can answer, and shared by every example run: what Maven downloads into
 * it (released, fixed versions) is the same for each, and a second run need not fetch it again.
 */
final class ExampleProject {
    private static Path sharedRepo;

    private final Path dir;
    private final Path repo;
    private int runs;

    private ExampleProject(Path dir, Path repo) {
        this.dir = dir;
        this.repo = repo;
    }

    /** A fresh copy of examples/{@code name} under target/examples, with jmeter-kafka installed for it. */
    static ExampleProject copy(String name) throws IOException, InterruptedException {
        Path from = Harness.projectDir().resolve("examples").resolve(name);
        Path dir = Harness.targetDir().resolve("examples").resolve(name);
        Loopback.deleteRecursively(dir);
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path p :
                    paths.filter(p -> !p.startsWith(from.resolve("target"))).toList()) {
                Path target = dir.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return new ExampleProject(dir, repository());
    }

    /** The local repository of this JVM's example runs, made (jmeter-kafka installed into it) by the first. */
    private static synchronized Path repository() throws IOException, InterruptedException {
        if (sharedRepo == null) {
            Path examples = Harness.targetDir().resolve("examples");
            Path repo = examples.resolve("repository");
            Loopback.deleteRecursively(repo);
            // install-file needs no project: its log is examples/maven-1.log
            Result installed = new ExampleProject(examples, repo)
                    .maven(
                            "install:3.1.4:install-file",
                            "-Dfile=" + Harness.pluginJar(),
                            "-DpomFile=" + Harness.targetDir().resolve("published-pom.xml"));
            if (installed.exitCode() != 0) {
                throw new IllegalStateException("jmeter-kafka not installed: " + installed.describe());
            }
            sharedRepo = repo;
        }
        return sharedRepo;
    }

    /** The version of jmeter-kafka this build made. */
    static String pluginVersion() {
        return System.getProperty("project.version");
    }

    Path dir() {
        return dir;
    }

    /** Maven 3.9 in the project, output in its own log file; killed after 10 minutes. */
    Result maven(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("examples.maven.home"), "bin", "mvn").toString(),
                "-B",
                "-Dstyle.color=never",
                "-Dmaven.repo.local=" + repo,
                "-Dmaven.repo.local.tail=" + System.getProperty("maven.repo.local")));
        cmd.addAll(List.of(args));
        Path log = dir.resolve("maven-" + ++runs + ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment()
                .put("JAVA_HOME", Path.of(System.getProperty("java.home")).toString());
        Process p = Processes.start(pb);
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            Processes.kill(p);
            throw new IllegalStateException("Maven still running after 10 minutes: " + log);
        }
        return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8), log);
    }

    /** A Maven run's exit code and output. */
    record Result(int exitCode, String output, Path log) {
        String describe() {
            return "Maven exited " + exitCode + "; see " + log + "\n" + Processes.tail(log, 60);
        }
    }
}
