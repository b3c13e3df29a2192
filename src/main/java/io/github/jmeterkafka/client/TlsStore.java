package io.github.jmeterkafka.client;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;

/** A truststore or keystore of the Kafka Connection's Security fields: type, location, password. */
final class TlsStore {
    static final TlsStore NONE = new TlsStore("", "", "");

    final String type;
    final String location;
    final String password;

    TlsStore(String type, String location, String password) {
        this.type = SecuritySettings.canonical(type, SecuritySettings.STORE_TYPES);
        this.location = SecuritySettings.trim(location);
        this.password = SecuritySettings.trim(password);
    }

    void putInto(Map<String, String> p, String typeKey, String locationKey, String passwordKey) {
        if (location.isEmpty()) {
            return;
        }
        p.put(locationKey, location);
        SecuritySettings.putIfSet(p, typeKey, type);
        SecuritySettings.putIfSet(p, passwordKey, password);
    }

    void problems(String store, List<String> problems) {
        if (location.isEmpty()) {
            if (!password.isEmpty()) {
                problems.add(store + " password is set but " + store + " location is empty");
            }
            return;
        }
        if ("PEM".equals(type) && !password.isEmpty()) {
            problems.add(store + " password must be empty for type PEM"
                    + ("Keystore".equals(store) ? " (an encrypted key takes the Key password)" : ""));
        }
        try {
            Path file = Paths.get(location);
            if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
                problems.add(store + " location " + location + " is not a readable file");
            }
        } catch (InvalidPathException e) {
            problems.add(store + " location " + location + " is not a file name: " + e.getReason());
        }
    }
}
