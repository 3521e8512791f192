package io.redwire.nodes.http;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.api.RuntimeSettings;
import io.redwire.js.JsValues;
import io.redwire.js.Undefined;
import io.redwire.msg.NodeError;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.ProxyOptions;

import java.util.List;
import java.util.Map;

/**
 * http request: sends an HTTP request built from the node config and the msg, and sends the msg on with the
 * response (statusCode, headers, responseUrl, redirectList, payload as text/Buffer/JSON). Transport failures are
 * reported to catch nodes and, unless `senderr`, also sent on with the error text as payload.
 */
public final class HttpRequestNode extends Node {
    static final Field METHOD = Field.select("method", "GET", "GET", "POST", "PUT", "DELETE", "HEAD", "use")
            .optionLabels("use", "- set by msg.method -")
            .help("The HTTP method; \"- set by msg.method -\" takes it from the message.");
    static final Field RET = Field.select("ret", "txt", "txt", "bin", "obj").label("return")
            .optionLabels("txt", "a UTF-8 string", "bin", "a binary buffer", "obj", "a parsed JSON object")
            .help("What msg.payload holds once the answer arrives: text, a buffer, or the body parsed as JSON.");
    static final Field PAYTOQS = Field.select("paytoqs", "ignore", "ignore", "query", "body").label("payload")
            .shownWhen("method", "GET")
            .optionLabels("ignore", "Ignore", "query", "Append to query-string parameters", "body",
                    "Send as request body")
            .help("For GET: leave msg.payload out, add its properties to the query string, or send it as the body.");
    static final Field URL = Field.str("url", "")
            .help("The address to call; blank takes msg.url. {{name}} inserts a message property.");
    static final Field TLS = Field.config("tls", "tls-config").label("TLS configuration")
            .help("Certificates and verification for https addresses; an address without a scheme then uses https.");
    static final Field PERSIST = Field.bool("persist", false).label("Enable connection keep-alive")
            .help("Keeps connections open between requests instead of opening one per request.");
    static final Field PROXY = Field.config("proxy", "http proxy").label("proxy configuration")
            .help("The proxy to go through; none set: the http_proxy / no_proxy environment variables apply.");
    static final Field INSECURE_HTTP_PARSER = Field.bool("insecureHTTPParser", false)
            .help("Node-RED's switch for servers that send malformed headers; kept so its flows load, not applied here.");
    static final Field AUTH_TYPE = Field.select("authType", "", "", "basic", "digest", "bearer").label("authentication")
            .optionLabels("", "none", "basic", "basic authentication", "digest", "digest authentication",
                    "bearer", "bearer authentication")
            .help("How the request logs in, with the user name and password (the token, for bearer) below.");
    static final Field SENDERR = Field.bool("senderr", false).label("Only send non-2xx responses to Catch node")
            .help("Answers outside 2xx go to catch nodes only, instead of also being sent on.");
    /** Node-RED's header rows; a name or value from a bad msg path is ignored per request, so only the editor checks. */
    static final Field HEADERS = Field.rows("headers",
                    Field.row("keyType", "other", "keyValue", "", "valueType", "other", "valueValue", ""),
                    Field.typed("keyValue", "keyType", "other", List.of("other", "msg", "Accept", "Accept-Encoding",
                            "Accept-Language", "Authorization", "Content-Type", "Cache-Control", "User-Agent",
                            "Location")).label("header").checkedByEditorOnly(),
                    Field.typed("valueValue", "valueType", "other", List.of("other", "msg")).label("value")
                            .checkedByEditorOnly())
            .editorDefault(List.of())
            .help("Headers to set, each name and value typed in or taken from a message property; they win over msg.headers.");
    static final Field USER = Field.str("user", "").help("The user name for basic or digest authentication.");
    static final Field PASSWORD = Field.password("password")
            .help("The password for basic or digest authentication, or the token for bearer.");

    public static final NodeType TYPE = NodeType.builder("http request", "network").icon("http")
            .label(Label.firstOf("name").or("http request"))
            .help("Calls a URL and sends the answer on: `msg.payload` (text, buffer or parsed JSON), `msg.statusCode`, `msg.headers`.\n\nMethod, URL and headers come from the node or from the message (`msg.method`, `msg.url`, `msg.headers`).")
            .computedPortLabels()
            .color("#e7e7ae").ports(1, 1)
            .fields(METHOD, RET, PAYTOQS, URL, TLS, PERSIST, PROXY, INSECURE_HTTP_PARSER, AUTH_TYPE, SENDERR,
                    HEADERS)
            .credential(USER).credential(PASSWORD)
            .factory(HttpRequestNode::new);

    static final String NO_OVERRIDE = "Warning: msg properties can no longer override set node properties. "
            + "See bit.ly/nr-override-msg-props";
    private static final Map<String, Object> REQUESTING = status("blue", "dot", "requesting");
    private static final long DEFAULT_TIMEOUT_MS = 120_000;

    private final String nodeUrl;
    private final UrlTemplate urlTemplate;
    private final String nodeMethod;
    private final String ret;
    private final boolean payloadToQuery;
    private final boolean payloadToBody;
    private final boolean persist;
    private final boolean sendErrorsToCatchOnly;
    private final RequestAuth auth;
    private final HeaderRules headerRules;
    private final long defaultTimeoutMs;
    private final ProxyRules proxyRules;
    /** The tls-config node, or null: its options replace msg.rejectUnauthorized, and URLs default to https. */
    private final TlsConfigNode tls;
    private HttpClientAgent ownClient;
    /** The last URL parsed: most nodes call one URL, so parsing it once per message is wasted work. */
    private TargetUrl lastTarget;

    HttpRequestNode(NodeConfig c) {
        super(c);
        this.nodeUrl = c.str(URL);
        this.urlTemplate = UrlTemplate.compileIfTemplated(nodeUrl);
        this.nodeMethod = c.str(METHOD).isEmpty() ? "GET" : c.str(METHOD);
        this.ret = c.str(RET).isEmpty() ? "txt" : c.str(RET);
        Object paytoqs = c.get(PAYTOQS);
        this.payloadToQuery = Boolean.TRUE.equals(paytoqs) || "query".equals(paytoqs);
        this.payloadToBody = "body".equals(paytoqs);
        this.persist = c.bool(PERSIST);
        this.sendErrorsToCatchOnly = c.bool(SENDERR);
        this.auth = RequestAuth.of(c.str(AUTH_TYPE), c.credential(USER), c.credential(PASSWORD));
        this.headerRules = new HeaderRules(c.list(HEADERS));
        Long configured = RuntimeSettings.HTTP_REQUEST_TIMEOUT.given(c.services().settings());
        this.defaultTimeoutMs = configured != null && configured > 0 ? configured : DEFAULT_TIMEOUT_MS;
        String tlsId = c.str(TLS);
        this.tls = !tlsId.isEmpty() && c.services().configNode(tlsId) instanceof TlsConfigNode t ? t : null;
        String proxyId = c.str(PROXY);
        Node proxyNode = proxyId.isEmpty() ? null : c.services().configNode(proxyId);
        this.proxyRules = proxyNode instanceof HttpProxyConfigNode p ? p.rules()
                : proxyId.isEmpty() ? ProxyRules.fromEnvironment(System.getenv()) : ProxyRules.NONE;
    }

    @Override
    public Future<Void> start() {
        if (persist) {
            ownClient = HttpClients.persistent(vertx());
        }
        return Future.succeededFuture();
    }

    @Override
    public Future<Void> close() {
        status(Map.of());
        return ownClient == null ? Future.succeededFuture() : ownClient.close();
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        status(REQUESTING);
        String url = targetUrl(msg);
        if (url == null || url.isEmpty()) {
            error("No url specified", msg);
            done.done();
            return;
        }
        if (url.contains("://") && !url.startsWith("http")) {
            warn("non-http transport requested");
            status(status("red", "ring", "non-http transport requested"));
            done.done();
            return;
        }
        if (!url.startsWith("http://") && !url.startsWith("https://")) {
            url = (tls != null ? "https://" : "http://") + url;
        }
        url = TargetUrl.escapeStrayPercents(url);
        String method = method(msg);
        long timeoutMs = timeout(msg);
        RequestHeaders headers = headers(msg);
        boolean follow = !msg.containsKey("followRedirects") || JsValues.truthy(msg.get("followRedirects"));
        TargetUrl target = target(url);
        CookieJar cookies = cookies(msg, headers, target);
        auth.apply(headers, target);
        Object payload = msg.containsKey("payload") ? msg.get("payload") : Undefined.VALUE;
        Buffer body = null;
        if (!method.equals("GET") && !method.equals("HEAD") && payload != Undefined.VALUE) {
            body = RequestBody.encode(payload, headers);
        }
        if (method.equals("GET") && payload != Undefined.VALUE && payloadToQuery) {
            if (payload instanceof String || payload instanceof Number || payload instanceof Boolean) {
                error("Invalid payload", msg);
                done.done();
                return;
            }
            url += (url.contains("?") ? (url.endsWith("?") ? "" : "&") : "?") + QueryString.stringify(payload);
            target = target(url);
        } else if (method.equals("GET") && payload != Undefined.VALUE && payloadToBody) {
            body = RequestBody.encodeGetBody(payload);
        }
        HttpExchange.Spec spec = new HttpExchange.Spec(method, target, headers, body, timeoutMs, follow, cookies,
                auth.digest(target),
                tls != null ? tls.sslOptions() : sslOptions(msg),
                proxy(target));
        String sentUrl = url;
        HttpExchange.run(client(), vertx(), spec).onComplete(ar -> {
            if (ar.succeeded()) {
                ResponseMessage.fill(msg, ar.result(), ret, this::warn);
                status(Map.of());
                send(msg);
            } else {
                failed(msg, ar.cause(), sentUrl);
            }
            done.done();
            engine().deliverNow(); // in the client's read of the response: the flow's next request leaves with its flush
        });
    }

    private TargetUrl target(String url) {
        TargetUrl cached = lastTarget;
        if (cached != null && cached.source().equals(url)) {
            return cached;
        }
        lastTarget = TargetUrl.parse(url);
        return lastTarget;
    }

    /** Node-RED: the node's URL (mustache-rendered when templated) wins; msg.url only fills an empty one. */
    private String targetUrl(Map<String, Object> msg) {
        Object msgUrl = msg.get("url");
        boolean hasMsgUrl = JsValues.truthy(msgUrl);
        if (hasMsgUrl && !nodeUrl.isEmpty() && !nodeUrl.equals(msgUrl)) {
            warn(NO_OVERRIDE);
        }
        if (urlTemplate != null) {
            return urlTemplate.render(msg);
        }
        if (!nodeUrl.isEmpty()) {
            return nodeUrl;
        }
        return hasMsgUrl ? JsValues.toJsString(msgUrl) : null;
    }

    private String method(Map<String, Object> msg) {
        Object msgMethod = msg.get("method");
        if (!JsValues.truthy(msgMethod)) {
            return nodeMethod.toUpperCase();
        }
        if (!nodeMethod.equals("use")) {
            warn(NO_OVERRIDE);
            return nodeMethod.toUpperCase();
        }
        return JsValues.toJsString(msgMethod).toUpperCase();
    }

    private long timeout(Map<String, Object> msg) {
        Object t = msg.containsKey("requestTimeout") ? msg.get("requestTimeout") : Undefined.VALUE;
        if (t == Undefined.VALUE) {
            return defaultTimeoutMs;
        }
        double ms = JsValues.toNumber(t);
        if (Double.isNaN(ms)) {
            warn("Timeout value is not a valid number, ignoring");
            return defaultTimeoutMs;
        }
        if (ms < 1) {
            warn("Timeout value is negative, ignoring");
            return defaultTimeoutMs;
        }
        return (long) Math.ceil(ms);
    }

    /** msg.headers first (unless an untouched upstream response set), then the node's header rules. */
    private RequestHeaders headers(Map<String, Object> msg) {
        RequestHeaders headers = new RequestHeaders();
        Map<?, ?> fromMsg = HeaderHash.headersToUse(msg);
        if (fromMsg != null) {
            fromMsg.forEach((k, v) -> headers.set(String.valueOf(k), v));
        }
        headerRules.applyTo(headers, msg);
        return headers;
    }

    /**
     * The request's cookie jar: a lower-case `cookie` header and msg.cookies go in. Each hop's Cookie header comes
     * from the jar (replacing a differently spelled one, as got does).
     */
    private static CookieJar cookies(Map<String, Object> msg, RequestHeaders headers, TargetUrl target) {
        CookieJar jar = new CookieJar();
        String header = headers.getExact("cookie");
        if (header != null) {
            jar.addCookieHeader(header, target);
            headers.remove("cookie");
        }
        if (msg.get("cookies") instanceof Map<?, ?> msgCookies) {
            jar.addMessageCookies(msgCookies, target);
        }
        return jar;
    }

    private ProxyOptions proxy(TargetUrl target) {
        try {
            return proxyRules.forUrl(target);
        } catch (ProxyRules.BadProxy e) {
            warn(e.getMessage());
            return null;
        }
    }

    /** msg.rejectUnauthorized (boolean, or "true"/"false"): false accepts any certificate. */
    private ClientSSLOptions sslOptions(Map<String, Object> msg) {
        if (!msg.containsKey("rejectUnauthorized")) {
            return null;
        }
        Object r = msg.get("rejectUnauthorized");
        if (r instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
            r = Boolean.parseBoolean(s.toLowerCase());
        }
        if (!(r instanceof Boolean reject)) {
            warn("msg.rejectUnauthorized should be a boolean");
            return null;
        }
        return reject ? null : HttpClients.TRUST_ALL;
    }

    private HttpClient client() {
        if (ownClient != null) {
            return ownClient;
        }
        return engine().shared(HttpClients.Shared.class, () -> new HttpClients.Shared(vertx())).client;
    }

    /** Node-RED's failure path: catch nodes get the error; the msg goes on with it unless senderr is set. */
    private void failed(Map<String, Object> msg, Throwable cause, String url) {
        NodeError err = cause instanceof NodeError ne ? ne : new NodeError(NodeError.textOf(cause));
        if (RequestFailure.TIMEOUT_CODE.equals(err.code())) {
            error("no response from server", msg);
            status(status("red", "ring", "no response from server"));
        } else {
            error(err, msg);
            status(status("red", "ring", err.code() == null ? "" : err.code()));
        }
        msg.put("payload", err.getMessage() + " : " + url);
        if (err.code() != null) {
            msg.put("statusCode", err.code());
        } else {
            msg.remove("statusCode");
        }
        if (!sendErrorsToCatchOnly) {
            send(msg);
        }
    }

    private static Map<String, Object> status(String fill, String shape, String text) {
        Map<String, Object> s = new java.util.LinkedHashMap<>();
        s.put("fill", fill);
        s.put("shape", shape);
        s.put("text", text);
        return s;
    }
}
