package io.github.jmeterkafka.client;

import java.util.Locale;

/** Which client properties hold secrets, so nothing the plugin logs or shows ever contains one. */
public final class Secrets {
    public static final String MASK = "********";

    private Secrets() {
    }

    public static boolean isSecret(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return k.contains("password") || k.contains("secret") || k.equals("sasl.jaas.config")
                || k.endsWith(".key") || k.contains("credentials");
    }
}
