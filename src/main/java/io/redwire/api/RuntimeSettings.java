package io.redwire.api;

import java.util.List;
import java.util.Map;

/**
 * The settings the runtime itself acts on, declared in one place. They sit beside the node-author API because some
 * families honour them too (a tcp server binds {@link #UI_HOST}, the sequence nodes bound their buffers by
 * {@link #NODE_MESSAGE_BUFFER_MAX_LENGTH}, websocket and tcp peers share {@link #SOCKET_MAX_BUFFERED_BYTES}): each
 * family's own settings are declared by the family ({@link DeclaredFamily#declares}).
 */
public final class RuntimeSettings {
    // where Redwire runs
    public static final Setting<Integer> UI_PORT = Setting.integer("uiPort", 1880, null)
            .help("port of the HTTP server (admin API, editor, http in); -p overrides it");
    public static final Setting<String> UI_HOST = Setting.text("uiHost", "127.0.0.1")
            .help("address the HTTP server binds, and the tcp in / tcp out servers too; --host overrides it");
    public static final Setting<String> USER_DIR = Setting.text("userDir", null).shownDefault("~/.redwire")
            .help("user directory: flows, credentials, context files, nodes/; -u overrides it");
    public static final Setting<String> FLOW_FILE = Setting.text("flowFile", null).shownDefault("flows.json")
            .help("the flows file, relative to the working directory when it exists there, else to userDir");
    public static final Setting<Boolean> FLOW_FILE_PRETTY = Setting.flag("flowFilePretty", true)
            .help("accepted for Node-RED's settings files: Redwire always writes the flows file pretty-printed");
    public static final Setting<String> SETTINGS_FILE = Setting.text("settingsFile", null)
            .help("set by Redwire to the path of the settings file it read");
    public static final Setting<Object> CREDENTIAL_SECRET = Setting.value("credentialSecret", "text or false", null,
            v -> v instanceof String || Boolean.FALSE.equals(v)).shownDefault("a generated secret")
            .help("key that encrypts the credentials file; false stores them unencrypted");
    public static final Setting<Boolean> VERBOSE = Setting.flag("verbose", false)
            .help("debug-level logging (as -v)");
    public static final Setting<Boolean> SAFE_MODE = Setting.flag("safeMode", false)
            .help("load the flows without starting them until a deploy (as --safe)");
    public static final Setting<Double> SHUTDOWN_TIMEOUT = Setting.number("shutdownTimeout", 10, "s")
            .help("how long a graceful stop (SIGTERM) waits for open exchanges and nodes to finish");

    // HTTP server and admin API
    public static final Setting<Object> HTTP_NODE_ROOT = Setting.value("httpNodeRoot", "text or false", "/",
            v -> v instanceof String || Boolean.FALSE.equals(v))
            .help("path prefix of http in and websocket-listener routes; false: no http in routes");
    public static final Setting<Object> HTTP_ADMIN_ROOT = Setting.value("httpAdminRoot", "text or false", "/",
            v -> v instanceof String || Boolean.FALSE.equals(v))
            .help("path of the admin API and editor; false turns them off (/health and /metrics stay at the root)");
    public static final Setting<Object> HTTPS = Setting.value("https", "object {key, cert} or false", null, v -> true)
            .help("the PEM key and certificate that make the HTTP server an HTTPS server");
    public static final Setting<Object> ADMIN_AUTH = Setting.value("adminAuth", "object", null, v -> true)
            .help("admin API login: {type: \"credentials\", users, default}; a malformed one stops the start");
    public static final Setting<Map<String, Object>> HTTP_NODE_AUTH = Setting.object("httpNodeAuth")
            .help("{user, pass}: HTTP basic auth in front of the http in routes");
    public static final Setting<Object> HTTP_STATIC = Setting.value("httpStatic",
            "text, a list of {path, root}, or false", null,
            v -> v instanceof String || v instanceof List || Boolean.FALSE.equals(v))
            .help("directories of static files served after the http in routes");
    public static final Setting<String> HTTP_STATIC_ROOT = Setting.text("httpStaticRoot", "/")
            .help("path the httpStatic directories are served at");
    public static final Setting<Long> HTTP_REQUEST_TIMEOUT = Setting.millis("httpRequestTimeout", 300_000)
            .help("a request to the HTTP server not all in by then is answered 408 (Node's requestTimeout); also "
                    + "the http request node's timeout, which is 120000 ms when this is not set");
    public static final Setting<Integer> HTTP_MAX_HEADER_SIZE = Setting.integer("httpMaxHeaderSize", 16 * 1024,
            "bytes").help("request line and headers; more is answered 431 (Node's default)");
    public static final Setting<Long> HTTP_HEADERS_TIMEOUT = Setting.millis("httpHeadersTimeout", 60_000)
            .help("a connection that has not sent its first request's headers is closed (Node's headersTimeout)");
    public static final Setting<Long> HTTP_KEEP_ALIVE_TIMEOUT = Setting.millis("httpKeepAliveTimeout", 5_000)
            .help("an idle keep-alive connection is closed (Node's keepAliveTimeout)");
    public static final Setting<Integer> HTTP_MAX_CONNECTIONS = Setting.integer("httpMaxConnections", 10_000, null)
            .help("open connections to the HTTP server; further ones are closed on accept");
    public static final Setting<Integer> DEBUG_MAX_LENGTH = Setting.integer("debugMaxLength", 1000, null)
            .help("longest text, buffer or array the debug sidebar and the context API show before cutting it");
    public static final Setting<Boolean> RUNTIME_STATE_ENABLED = Setting.flag("runtimeState.enabled", false)
            .help("POST /flows/state may stop and start the flows");

    // flows, context, logging
    public static final Setting<Map<String, Object>> FUNCTION_GLOBAL_CONTEXT = Setting.object("functionGlobalContext")
            .help("values global context starts with");
    public static final Setting<Boolean> EXPORT_GLOBAL_CONTEXT_KEYS = Setting.flag("exportGlobalContextKeys", true)
            .help("false hides the functionGlobalContext entries from the context API while they are unchanged");
    public static final Setting<Map<String, Object>> CONTEXT_STORAGE = Setting.object("contextStorage")
            .shownDefault("one memory store")
            .help("context stores by name: {module: \"memory\" | \"localfilesystem\", config}; default names one");
    public static final Setting<Double> FUNCTION_TIMEOUT = Setting.number("functionTimeout", 0, "s")
            .shownDefault("none").help("how long a function node's code may run per message (the node's own first)");
    public static final Setting<Integer> NODE_MESSAGE_BUFFER_MAX_LENGTH =
            Setting.integer("nodeMessageBufferMaxLength", 0, null).shownDefault("none")
                    .help("messages a join, batch, sort, switch or delay node keeps at most");
    public static final Setting<Integer> YAML_MAX_ALIAS_EXPANSION = Setting.integer("yamlMaxAliasExpansion", 100_000,
            null).help("values the aliases of one YAML document may copy in (yaml and template nodes)");
    public static final Setting<Integer> SOCKET_MAX_BUFFERED_BYTES = Setting.integer("socketMaxBufferedBytes",
            16 * 1024 * 1024, "bytes").help("output queued for one TCP or WebSocket peer that does not read, and "
                    + "the longest tcp in line or single message");
    public static final Setting<Integer> WEB_SOCKET_NODE_MAX_PAYLOAD = Setting.integer("webSocketNodeMaxPayload",
            100 * 1024 * 1024, "bytes").help("largest WebSocket frame or message (ws's default, as Node-RED)");
    public static final Setting<Object> LOGGING_CONSOLE_LEVEL = Setting.value("logging.console.level", "level name",
            null, v -> true).shownDefault("\"info\"")
            .help("fatal, error, warn, info, debug, trace or off");
    public static final Setting<Map<String, Object>> LOGGING_CONSOLE_LEVELS = Setting.object("logging.console.levels")
            .help("levels by logger name, e.g. {\"io.vertx\": \"debug\"}");
    public static final Setting<String> LOGGING_CONSOLE_FORMAT = Setting.choice("logging.console.format", "text",
            "json").help("\"json\": one JSON object per log line");
    public static final Setting<Long> FLOW_WATCHDOG_STALL_TIMEOUT = Setting.millis("flowWatchdog.stallTimeout",
            10_000).help("a flow loop that has not answered for this long is reported; 0 turns the watchdog off");
    public static final Setting<String> FLOW_WATCHDOG_ON_STALL = Setting.choice("flowWatchdog.onStall", "report",
            "exit").help("\"exit\" ends the process with status 70 on a stall, for a supervisor to restart");

    // cluster mode
    public static final Setting<Map<String, Object>> CLUSTER = Setting.object("cluster")
            .help("join a cluster (as --cluster): {host, port, members, flowContext}");
    public static final Setting<String> CLUSTER_HOST = Setting.text("cluster.host", "127.0.0.1")
            .help("address this member binds (--cluster-host)");
    public static final Setting<Integer> CLUSTER_PORT = Setting.integer("cluster.port", 5701, null)
            .help("port this member binds (--cluster-port)");
    public static final Setting<Object> CLUSTER_MEMBERS = Setting.value("cluster.members", "list of host:port",
            null, v -> v instanceof List).help("members to join (--cluster-members)");
    public static final Setting<Boolean> CLUSTER_FLOW_CONTEXT = Setting.flag("cluster.flowContext", false)
            .help("flow context shared by the members too (global context always is)");

    /** Every declaration above, in the order docs/settings.md lists them. */
    public static final List<Setting<?>> ALL = List.of(UI_PORT, UI_HOST, USER_DIR, FLOW_FILE, FLOW_FILE_PRETTY,
            SETTINGS_FILE, CREDENTIAL_SECRET, VERBOSE, SAFE_MODE, SHUTDOWN_TIMEOUT,
            HTTP_NODE_ROOT, HTTP_ADMIN_ROOT, HTTPS, ADMIN_AUTH, HTTP_NODE_AUTH, HTTP_STATIC, HTTP_STATIC_ROOT,
            HTTP_REQUEST_TIMEOUT, HTTP_MAX_HEADER_SIZE, HTTP_HEADERS_TIMEOUT, HTTP_KEEP_ALIVE_TIMEOUT,
            HTTP_MAX_CONNECTIONS, DEBUG_MAX_LENGTH, RUNTIME_STATE_ENABLED,
            FUNCTION_GLOBAL_CONTEXT, EXPORT_GLOBAL_CONTEXT_KEYS, CONTEXT_STORAGE, FUNCTION_TIMEOUT,
            NODE_MESSAGE_BUFFER_MAX_LENGTH, YAML_MAX_ALIAS_EXPANSION, SOCKET_MAX_BUFFERED_BYTES,
            WEB_SOCKET_NODE_MAX_PAYLOAD, LOGGING_CONSOLE_LEVEL, LOGGING_CONSOLE_LEVELS, LOGGING_CONSOLE_FORMAT,
            FLOW_WATCHDOG_STALL_TIMEOUT, FLOW_WATCHDOG_ON_STALL,
            CLUSTER, CLUSTER_HOST, CLUSTER_PORT, CLUSTER_MEMBERS, CLUSTER_FLOW_CONTEXT);

    private RuntimeSettings() {
    }
}
