package io.github.jmeterkafka.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Headless Chromium (Debian's {@code chromium}) for pages the tests make: their DOM once drawn, and screenshots. */
public final class Chromium {
    private final Path program;
    private final Path workDir;

    private Chromium(Path program, Path workDir) {
        this.program = program;
        this.workDir = workDir;
    }

    /**
     * The browser on the PATH, working in {@code workDir}. Fails when there is none: mvn verify
     * installs it (src/test/tools/install-test-tools.sh), and a page check must not pass unseen.
     */
    public static Chromium in(Path workDir) {
        Optional<Path> program = Stream.of(
                        System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(d -> !d.isEmpty())
                .map(d -> Paths.get(d, "chromium"))
                .filter(Files::isExecutable)
                .findFirst();
        assertThat(program)
                .as("chromium on the PATH (apt-get install chromium)")
                .isPresent();
        return new Chromium(program.get(), workDir);
    }

    /** The page's DOM after its scripts ran. */
    public String dumpDom(Path page) throws Exception {
        return run("--virtual-time-budget=5000", "--dump-dom", page.toUri().toString());
    }

    /** A 1400 x 2200 screenshot of the page, checked to be a PNG of some size. */
    public Path screenshot(Path page, Path png) throws Exception {
        Files.createDirectories(png.toAbsolutePath().getParent());
        Files.deleteIfExists(png);
        run(
                "--window-size=1400,2200",
                "--virtual-time-budget=5000",
                "--screenshot=" + png,
                page.toUri().toString());
        assertThat(png).exists();
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes.length).as("PNG size of " + page).isGreaterThan(30_000);
        assertThat(new String(bytes, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
        return png;
    }

    private String run(String... args) throws Exception {
        Files.createDirectories(workDir);
        List<String> cmd = new ArrayList<>(List.of(
                program.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--user-data-dir=" + workDir.resolve("chromium-profile")));
        cmd.addAll(List.of(args));
        Path out = workDir.resolve("chromium-out.txt");
        Process p = Processes.start(new ProcessBuilder(cmd)
                .directory(workDir.toFile())
                .redirectOutput(out.toFile())
                .redirectError(workDir.resolve("chromium-err.txt").toFile()));
        try {
            assertThat(p.waitFor(2, TimeUnit.MINUTES))
                    .as("chromium " + List.of(args) + " ended")
                    .isTrue();
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            Processes.stop(p, Duration.ZERO);
        }
    }
}
