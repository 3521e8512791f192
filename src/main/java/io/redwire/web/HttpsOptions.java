package io.redwire.web;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.PemKeyCertOptions;

import java.util.Map;

/**
 * Node-RED's {@code https: {key, cert}} setting: the PEM texts (a settings.js reads them with
 * {@code fs.readFileSync}) turn the HTTP server into an HTTPS one, as Node-RED's does. {@code ca} and other TLS
 * keys of Node's {@code https.createServer} are not used.
 */
final class HttpsOptions {
    private HttpsOptions() {
    }

    static HttpServerOptions apply(HttpServerOptions options, Settings settings) {
        Object https = RuntimeSettings.HTTPS.read(settings);
        if (https == null || Boolean.FALSE.equals(https)) {
            return options;
        }
        if (!(https instanceof Map<?, ?> m) || !(m.get("key") instanceof String key)
                || !(m.get("cert") instanceof String cert)) {
            throw new IllegalArgumentException("settings https: expected {key, cert} with the PEM texts, e.g. "
                    + "https: {key: fs.readFileSync('privkey.pem'), cert: fs.readFileSync('cert.pem')}");
        }
        return options.setSsl(true).setKeyCertOptions(new PemKeyCertOptions()
                .addKeyValue(Buffer.buffer(key)).addCertValue(Buffer.buffer(cert)));
    }
}
