package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A program from one of Debian's packages, unpacked under target/ without installing it: fetched with {@code apt-get
 * download}, and when apt's package lists are empty, into a private list directory (no root needed).
 */
public final class DebianPackage {
    private DebianPackage() {}

    /**
     * target/{@code dir}/{@code program} (e.g. usr/bin/influxd), unpacked from {@code name}'s package on first use;
     * empty (with why in {@code reasons}) when apt cannot fetch it.
     */
    public static synchronized Optional<Path> obtain(String name, String dir, String program, List<String> reasons) {
        Path root = Harness.targetDir().resolve(dir);
        Path binary = root.resolve(program);
        if (Files.isExecutable(binary)) {
            return Optional.of(binary);
        }
        Path debs = root.resolve("deb-" + name);
        Path lists = root.resolve("apt-lists");
        try {
            Files.createDirectories(debs);
            Files.createDirectories(lists.resolve("partial"));
            List<String> privateLists =
                    List.of("-o", "Dir::State::Lists=" + lists, "-o", "Dir::Cache=" + root.resolve("apt-cache"));
            if (deb(debs, name).isEmpty() && !run(debs, reasons, List.of("apt-get", "download", name))) {
                List<String> update = new ArrayList<>(List.of("apt-get", "-q"));
                update.addAll(privateLists);
                update.addAll(List.of("-o", "Debug::NoLocking=1", "update"));
                List<String> download = new ArrayList<>(List.of("apt-get"));
                download.addAll(privateLists);
                download.addAll(List.of("download", name));
                if (!run(debs, reasons, update) || !run(debs, reasons, download)) {
                    return Optional.empty();
                }
            }
            Optional<Path> deb = deb(debs, name);
            if (deb.isEmpty()) {
                reasons.add("apt-get download left no " + name + "_*.deb in " + debs);
                return Optional.empty();
            }
            if (!run(root, reasons, List.of("dpkg-deb", "-x", deb.get().toString(), root.toString()))) {
                return Optional.empty();
            }
        } catch (IOException e) {
            reasons.add(e.toString());
            return Optional.empty();
        }
        return Files.isExecutable(binary) ? Optional.of(binary) : Optional.empty();
    }

    private static Optional<Path> deb(Path dir, String name) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().startsWith(name + "_")
                            && p.getFileName().toString().endsWith(".deb"))
                    .findFirst();
        }
    }

    private static boolean run(Path dir, List<String> reasons, List<String> command) {
        try {
            Path out = Files.createTempFile(dir, "cmd", ".out");
            Process p = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(out.toFile())
                    .start();
            if (!p.waitFor(3, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                reasons.add(String.join(" ", command) + ": no answer within 3 minutes");
                return false;
            }
            if (p.exitValue() != 0) {
                reasons.add(
                        String.join(" ", command) + " exited with " + p.exitValue() + ": " + Processes.tail(out, 5));
                return false;
            }
            return true;
        } catch (IOException e) {
            reasons.add(String.join(" ", command) + ": " + e);
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            reasons.add(String.join(" ", command) + ": interrupted");
            return false;
        }
    }
}
