package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Runs another main class and exits when standard input reaches end of file, which happens when
 * the parent JVM dies, even by SIGKILL, where its shutdown hooks cannot stop the child.
 * Copied alone onto the broker's class path: it must use nothing but the JDK.
 */
public final class ParentWatchdog {

    private ParentWatchdog() {}

    public static void main(String[] args) throws Throwable {
        if (args.length == 0) {
            throw new IllegalArgumentException("usage: ParentWatchdog <main class> [args...]");
        }
        Thread watcher = new Thread(ParentWatchdog::exitOnEof, "parent-watchdog");
        watcher.setDaemon(true);
        watcher.start();

        Method main = Class.forName(args[0]).getMethod("main", String[].class);
        try {
            main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static void exitOnEof() {
        InputStream in = System.in;
        byte[] buffer = new byte[256];
        try {
            while (in.read(buffer) >= 0) {
                // the parent never writes; anything read is ignored
            }
        } catch (IOException e) {
            // a broken pipe means the same as end of file
        }
        System.err.println("ParentWatchdog: standard input closed (parent stopping or gone), exiting");
        Thread halt = new Thread(
                () -> {
                    try {
                        Thread.sleep(30_000);
                    } catch (InterruptedException ignored) {
                        // exit now
                    }
                    Runtime.getRuntime().halt(3);
                },
                "parent-watchdog-halt");
        halt.setDaemon(true);
        halt.start();
        System.exit(3);
    }
}
