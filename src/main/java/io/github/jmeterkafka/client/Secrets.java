package io.github.jmeterkafka.client;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;

/** Which client properties hold secrets, so nothing the plugin logs or shows ever contains one. */
public final class Secrets {
    public static final String MASK = "********";

    /** Shorter values would mask ordinary words in messages; such a secret protects nothing anyway. */
    static final int MIN_SCRUBBED_LENGTH = 4;

    // a JAAS option: name=value or name="value"
    private static final Pattern JAAS_OPTION =
            Pattern.compile("([\\w.-]+)\\s*=\\s*(?:\"((?:[^\"\\\\]|\\\\.)*)\"|([^\\s;\"]+))");

    // what Kafka itself hides: every property of type PASSWORD (key and certificate material, OAuth secrets...)
    private static final Set<String> PASSWORD_TYPED = passwordTyped();

    private Secrets() {}

    public static boolean isSecret(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return PASSWORD_TYPED.contains(k)
                || k.contains("password")
                || k.contains("passphrase")
                || k.contains("secret")
                || k.equals("sasl.jaas.config")
                || k.endsWith(".key")
                || k.contains("credentials")
                // a schema registry's basic auth, user:password
                || k.endsWith("user.info");
    }

    /** {@code text} with every occurrence of each of {@code secrets} replaced by {@link #MASK}. */
    public static String scrub(String text, Collection<String> secrets) {
        if (text == null) {
            return null;
        }
        String out = text;
        // longest first: a JAAS config holds its password
        TreeSet<String> ordered =
                new TreeSet<>((a, b) -> a.length() != b.length() ? b.length() - a.length() : a.compareTo(b));
        for (String s : secrets) {
            if (s != null && s.length() >= MIN_SCRUBBED_LENGTH) {
                ordered.add(s);
            }
        }
        for (String s : ordered) {
            out = out.replace(s, MASK);
        }
        return out;
    }

    /**
     * The values of a JAAS config's secret options ({@code password="..."}, {@code clientSecret="..."}):
     * a message may quote one without the rest of the config.
     */
    public static List<String> jaasSecretValues(String jaasConfig) {
        List<String> out = new ArrayList<>();
        Matcher m = JAAS_OPTION.matcher(jaasConfig);
        while (m.find()) {
            String value = m.group(2) != null ? m.group(2) : m.group(3);
            if (isSecret(m.group(1)) && !value.isEmpty()) {
                out.add(value);
            }
        }
        return out;
    }

    private static Set<String> passwordTyped() {
        Set<String> keys = new TreeSet<>();
        for (ConfigDef def :
                new ConfigDef[] {ProducerConfig.configDef(), ConsumerConfig.configDef(), AdminClientConfig.configDef()
                }) {
            def.configKeys().forEach((name, key) -> {
                if (key.type == ConfigDef.Type.PASSWORD) {
                    keys.add(name);
                }
            });
        }
        return Set.copyOf(keys);
    }
}
