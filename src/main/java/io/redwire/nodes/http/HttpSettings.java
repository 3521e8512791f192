package io.redwire.nodes.http;

import io.redwire.api.Setting;

import java.util.List;
import java.util.Map;

/** The http family's settings (docs/settings.md lists them; README "Limits and faults" says what each bounds). */
final class HttpSettings {
    static final Setting<Long> API_MAX_LENGTH = Setting.bytes("apiMaxLength", 5L * 1024 * 1024)
            .help("one http in request body; a longer one is answered 413 before it is buffered");
    static final Setting<Long> BODY_MEMORY_LIMIT = Setting.bytes("httpBodyMemoryLimit", 128L * 1024 * 1024)
            .help("all http in bodies being read or handled together; past it requests are answered 503");
    static final Setting<Long> READ_TIMEOUT = Setting.millis("httpReadTimeout", 30_000)
            .help("a request body that stops arriving for this long closes its connection (Redwire-only)");
    static final Setting<Map<String, Object>> NODE_CORS = Setting.object("httpNodeCors")
            .help("CORS headers of the http in routes ({origin, methods, ...}, as Node-RED's cors options)");
    static final List<Setting<?>> ALL = List.of(API_MAX_LENGTH, BODY_MEMORY_LIMIT, READ_TIMEOUT, NODE_CORS);

    private HttpSettings() {
    }
}
