package io.redwire.nodes.http;

import io.redwire.msg.NodeError;

import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.ProxyOptions;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One http request node exchange, got-style: each hop gets the full timeout, redirects (301/302/303/307/308, also
 * 300/304 with a Location) are followed up to 21 times with the cookie jar updated on the way, 303 turns the method
 * into GET, credentials are dropped when the redirect leaves the origin, and a digest challenge is answered once.
 * Runs on the caller's (the flow's) event loop.
 */
final class HttpExchange {
    static final int MAX_REDIRECTS = 21;
    private static final Set<Integer> REDIRECT_CODES = Set.of(300, 301, 302, 303, 304, 307, 308);
    /** got's default User-Agent, which Node-RED sends unless a header sets another. */
    private static final String USER_AGENT = "got (https://github.com/sindresorhus/got)";

    /**
     * What to send. {@code body} is null for no body; {@code digest} is null unless authType is digest; {@code ssl}
     * and {@code proxy} are null for the defaults (verified TLS, direct connection).
     */
    record Spec(String method, TargetUrl url, RequestHeaders headers, Buffer body, long timeoutMs,
                boolean followRedirects, CookieJar cookies, DigestAuth digest, ClientSSLOptions ssl,
                ProxyOptions proxy) {
    }

    /** The final response. */
    record Result(int statusCode, MultiMap headers, Buffer body, TargetUrl url, List<Object> redirects) {
    }

    private final HttpClient client;
    private final Vertx vertx;
    private final Spec spec;
    private final Promise<Result> done = Promise.promise();
    private final List<Object> redirects = new ArrayList<>();
    private String method;
    private Buffer body;
    private TargetUrl url;
    private boolean digestAnswered;

    private HttpExchange(HttpClient client, Vertx vertx, Spec spec) {
        this.client = client;
        this.vertx = vertx;
        this.spec = spec;
        this.method = spec.method;
        this.body = spec.body;
        this.url = spec.url;
    }

    static Future<Result> run(HttpClient client, Vertx vertx, Spec spec) {
        HttpExchange x = new HttpExchange(client, vertx, spec);
        x.hop();
        return x.done.future();
    }

    /** One request/response; the timer covers connecting, sending and reading the whole body. */
    private void hop() {
        Hop hop = new Hop();
        hop.timer = vertx.setTimer(spec.timeoutMs, id -> hop.fail(RequestFailure.timeout(spec.timeoutMs)));
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.valueOf(method))
                .setHost(url.connectHost())
                .setPort(url.port())
                .setSsl(url.https())
                .setURI(url.requestTarget())
                .setConnectTimeout(spec.timeoutMs)
                .setFollowRedirects(false);
        if (url.https() && spec.ssl != null) {
            options.setSslOptions(spec.ssl);
        }
        if (spec.proxy != null) {
            options.setProxyOptions(spec.proxy);
        }
        MultiMap headers = HttpHeaders.headers();
        options.setHeaders(headers);
        try {
            spec.headers.writeTo(headers);
        } catch (IllegalArgumentException e) {
            hop.fail(new NodeError("RequestError: " + e.getMessage(), "ERR_INVALID_CHAR", null));
            return;
        }
        if (!spec.headers.has("user-agent")) {
            headers.add("user-agent", USER_AGENT);
        }
        String cookie = spec.cookies.header(url);
        if (cookie != null) {
            headers.set("cookie", cookie);
        }
        client.request(options).onComplete(ar -> {
            if (ar.failed()) {
                hop.fail(ar.cause());
                return;
            }
            HttpClientRequest req = ar.result();
            if (hop.finished) {
                req.reset();
                return;
            }
            hop.request = req;
            Future<HttpClientResponse> sent = body == null ? req.send() : req.send(body);
            sent.compose(resp -> resp.body().map(b -> {
                hop.response = resp;
                return b;
            })).onComplete(r -> {
                if (r.failed()) {
                    hop.fail(r.cause());
                } else if (hop.finish()) {
                    onResponse(hop.response, r.result());
                }
            });
        });
    }

    private void onResponse(HttpClientResponse resp, Buffer payload) {
        int status = resp.statusCode();
        List<String> setCookies = resp.headers().getAll("set-cookie");
        for (String line : setCookies) {
            spec.cookies.store(line, url);
        }
        String challenge = resp.getHeader("www-authenticate");
        if (status == 401 && spec.digest != null && !digestAnswered && challenge != null) {
            digestAnswered = true;
            spec.headers.set("Authorization", spec.digest.header(method, url.path(), challenge));
            hop();
            return;
        }
        String location = resp.getHeader("location");
        if (location != null && !location.isEmpty() && spec.followRedirects && REDIRECT_CODES.contains(status)) {
            if (redirects.size() >= MAX_REDIRECTS) {
                done.fail(RequestFailure.tooManyRedirects(MAX_REDIRECTS));
                return;
            }
            redirect(status, location, setCookies);
            return;
        }
        done.complete(new Result(status, resp.headers(), payload, url, redirects));
    }

    private void redirect(int status, String location, List<String> setCookies) {
        if (status == 303 && !method.equals("GET") && !method.equals("HEAD")) {
            method = "GET";
            body = null;
            spec.headers.remove("content-length");
        }
        TargetUrl next;
        try {
            // header bytes arrive as Latin-1 chars; a UTF-8 Location must be decoded again
            next = url.resolve(new String(location.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
        } catch (NodeError e) {
            done.fail(e);
            return;
        }
        if (next.sameOrigin(url)) {
            next = next.withCredentials(url.username(), url.password());
        } else {
            spec.headers.remove("host");
            spec.headers.remove("cookie");
            spec.headers.remove("authorization");
            next = next.withoutCredentials();
        }
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("location", location);
        if (!setCookies.isEmpty()) {
            entry.put("cookies", CookieText.responseCookies(setCookies));
        }
        redirects.add(entry);
        url = next;
        hop();
    }

    /** State of one hop: whichever of response, error or timeout comes first wins. */
    private final class Hop {
        long timer;
        boolean finished;
        HttpClientRequest request;
        HttpClientResponse response;

        boolean finish() {
            if (finished) {
                return false;
            }
            finished = true;
            vertx.cancelTimer(timer);
            return true;
        }

        void fail(Throwable cause) {
            if (!finish()) {
                return;
            }
            if (request != null) {
                request.reset();
            }
            done.fail(RequestFailure.from(cause, url));
        }
    }
}
