package io.github.jmeterkafka.client;

import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import javax.security.auth.login.LoginException;

/**
 * What a failed Kerberos (GSSAPI) login most likely means. The JDK's messages name neither the
 * keytab nor the KDC: "Could not login: the client is being asked for a password" is what a keytab
 * without the principal's key gives.
 */
final class KerberosHints {
    private KerberosHints() {}

    /** " (hint)" for a failure caused by a Kerberos login, else "". */
    static String of(Throwable failure) {
        LoginException login = null;
        for (Throwable t = failure; t != null && login == null; t = t.getCause()) {
            if (t instanceof LoginException) {
                login = (LoginException) t;
            }
        }
        if (login == null) {
            return "";
        }
        String message = String.valueOf(login.getMessage());
        for (Throwable t = login.getCause(); t != null; t = t.getCause()) {
            if (t instanceof SocketException
                    || t instanceof SocketTimeoutException
                    || t instanceof UnknownHostException) {
                return " (Kerberos login: the KDC that java.security.krb5.conf names for the realm could not be reached)";
            }
        }
        if (message.contains("asked for a password") || message.contains("Unable to obtain password")) {
            return " (Kerberos login: no key for the principal; the JAAS config's keyTab must hold a key of its"
                    + " principal, realm included: klist -kt <keytab> lists them)";
        }
        if (message.contains("PREAUTH_FAILED") || message.contains("Pre-authentication information was invalid")) {
            return " (Kerberos login: the KDC refused the keytab's key; the principal's key has changed since the"
                    + " keytab was exported: export it again)";
        }
        if (message.contains("Cannot locate KDC") || message.contains("Cannot locate default realm")) {
            return " (Kerberos login: this JVM knows no KDC for the realm; set java.security.krb5.conf, for JMeter"
                    + " in bin/system.properties)";
        }
        return "";
    }
}
