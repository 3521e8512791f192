package io.redwire.nodes.http;

import io.redwire.msg.NodeError;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The http request node's helpers against values produced by the JavaScript originals (Node 20). */
class HttpRequestPartsTest {
    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void headerHashMatchesHashSum() {
        assertEquals("59322f29", HeaderHash.of(map()));
        assertEquals("0054a518", HeaderHash.of(map("content-type", "text/html; charset=utf-8", "content-length", "12",
                "date", "Thu, 01 Jan 1970 00:00:00 GMT", "connection", "keep-alive")));
        assertEquals("72548be6", HeaderHash.of(map("set-cookie", List.of("a=1; Path=/", "b=2"), "x", "y")));
        assertEquals("4defb46a", HeaderHash.of(map("n", 5, "b", true, "z", null,
                "arr", Arrays.asList(1, "two", map("k", "v")))));
        assertEquals("77dd5794", HeaderHash.of("plain"));
        assertEquals("177a8b4d", HeaderHash.of(12345));
        assertEquals("5d844489", HeaderHash.of(new ArrayList<>()));
        assertEquals("7f096b88", HeaderHash.of(map("é✓", "ü")));
    }

    @Test
    void anUntouchedHeaderSetIsDroppedAndAnEditedOneKept() {
        Map<String, Object> headers = map("a", "1");
        headers.put(HeaderHash.KEY, HeaderHash.of(headers));
        Map<String, Object> msg = map("headers", headers);
        assertNull(HeaderHash.headersToUse(msg));
        assertEquals(map(), msg);

        Map<String, Object> edited = map("a", "1");
        edited.put(HeaderHash.KEY, HeaderHash.of(edited));
        edited.put("b", "2");
        Map<String, Object> msg2 = map("headers", edited);
        assertEquals(map("a", "1", "b", "2"), HeaderHash.headersToUse(msg2));
    }

    @Test
    void urlsSerialiseLikeWhatwgUrl() {
        assertEquals("http://example.com/a/c%20d?q=a%20b%22%3C%3E&x#fr%20ag",
                TargetUrl.parse("http://Example.COM:80/a/./b/../c d?q=a b\"<>&x#fr ag").href());
        assertEquals("https://h/", TargetUrl.parse("https://h:443").href());
        assertEquals("http://h:8080/p?", TargetUrl.parse("http://h:8080/p?").href());
        assertEquals("http://u:p%40@h/x", TargetUrl.parse("http://u:p%40@h/x").href());
        assertEquals("http://[::1]:3000/a", TargetUrl.parse("http://[::1]:3000/a").href());
        assertEquals("http://h/%7Bx%7D/%7By%7D|^%60", TargetUrl.parse("http://h/%7Bx%7D/{y}|^`").href());
        assertEquals("http://h//a//b", TargetUrl.parse("http://h\\\\a\\\\b").href());
        assertEquals("::1", TargetUrl.parse("http://[::1]:3000/a").connectHost());
        for (String bad : List.of("http://", "http://h:99999/", "http://h:8o/", "http://a b/")) {
            NodeError e = assertThrows(NodeError.class, () -> TargetUrl.parse(bad), bad);
            assertEquals("TypeError: Invalid URL", e.getMessage());
        }
    }

    @Test
    void redirectLocationsResolveAgainstTheCurrentUrl() {
        TargetUrl base = TargetUrl.parse("http://h:81/dir/x?y=1");
        assertEquals("http://h:81/abs", base.resolve("/abs").href());
        assertEquals("http://h:81/dir/rel?z", base.resolve("rel?z").href());
        assertEquals("http://h:81/up", base.resolve("../up").href());
        assertEquals("http://other/p", base.resolve("//other/p").href());
        assertEquals("http://h:81/dir/x?q", base.resolve("?q").href());
        assertEquals("http://h:81/dir/x?y=1#f", base.resolve("#f").href());
        assertEquals("https://s/", base.resolve("https://s/").href());
        assertThrows(NodeError.class, () -> base.resolve("ftp://s/"));
    }

    @Test
    void strayPercentsInTheQueryAreEscaped() {
        assertEquals("http://h/a%?x=%2525&y=%25zz&z=%25", TargetUrl.escapeStrayPercents("http://h/a%?x=%2525&y=%zz&z=%"));
        assertEquals("http://h/?a=%25%41", TargetUrl.escapeStrayPercents("http://h/?a=%%41"));
        assertEquals("http://h/?", TargetUrl.escapeStrayPercents("http://h/?"));
    }

    @Test
    void querystringStringifyIsNodes() {
        Map<String, Object> o = map("a", 1, "b", List.of(1, "x y"), "c", null, "d", map("e", 1), "f", true,
                "g", "é&=", "h", Double.NaN, "i", List.of());
        assertEquals("a=1&b=1&b=x%20y&c=&d=&f=true&g=%C3%A9%26%3D&h=", QueryString.stringify(o));
    }

    @Test
    void urlTemplatesRenderLikeMustacheJs() {
        UrlTemplate t = UrlTemplate.compileIfTemplated("a={{x}}&b={{{x}}}&c={{missing}}&d={{n}}&e={{arr}}&f={{o.p}}");
        Map<String, Object> msg = map("x", "<&\"/`='>", "n", 1.5, "arr", List.of(1, 2), "o", map("p", "q"));
        assertEquals("a=&lt;&amp;&quot;&#x2F;&#x60;&#x3D;&#39;&gt;&b=<&\"/`='>&c=&d=1.5&e=1,2&f=q", t.render(msg));
        assertNull(UrlTemplate.compileIfTemplated("http://plain/"));
        assertEquals("Error: Unclosed section \"open\" at 18", assertThrows(NodeError.class, // mustache.js's text
                () -> UrlTemplate.compileIfTemplated("http://h/{{#open}}").render(map())).getMessage());
    }

    @Test
    void cookieTextFollowsTheCookiePackage() {
        assertEquals(map("a", "1", "Path", "/", "b", "q v", "c", "A", "Expires", "Thu, 01 Jan 1970 00:00:00 GMT"),
                CookieText.parse("a=1; Path=/; b=\"q v\"; c=%41; a=2; Expires=Thu, 01 Jan 1970 00:00:00 GMT", true));
        assertEquals("n=a%20b", CookieText.serialize("n", "a b", true));
        assertEquals("TypeError: argument name is invalid",
                assertThrows(NodeError.class, () -> CookieText.serialize("a b", "v", true)).getMessage());
        assertEquals("TypeError: argument val is invalid",
                assertThrows(NodeError.class, () -> CookieText.serialize("n", "a;b", false)).getMessage());
    }

    @Test
    void theCookieJarMatchesHostAndPath() {
        TargetUrl at = TargetUrl.parse("http://h/app/page");
        CookieJar jar = new CookieJar();
        jar.store("plain=1", at);                      // default path /app
        jar.store("root=2; Path=/", at);
        jar.store("deep=3; Path=/app/page", at);
        jar.store("other=4; Domain=elsewhere.com", at); // foreign domain: rejected
        jar.store("gone=5; Max-Age=0", at);
        assertEquals("deep=3; plain=1; root=2", jar.header(at));
        assertEquals("root=2", jar.header(TargetUrl.parse("http://h/elsewhere")));
        assertNull(jar.header(TargetUrl.parse("http://other-host/app/page")));
        jar.store("plain=; Expires=Thu, 01 Jan 1970 00:00:00 GMT", at);
        assertEquals("deep=3; root=2", jar.header(at));
    }

    @Test
    void requestHeadersKeepTheLastSpellingAndDropFalsyValues() {
        RequestHeaders h = new RequestHeaders();
        h.set("X-A", "1");
        h.set("x-a", "2");
        h.set("Content-Type", "text/plain");
        h.set("content-type", 0);
        io.vertx.core.MultiMap out = io.vertx.core.http.HttpHeaders.headers();
        h.writeTo(out);
        assertEquals(List.of("x-a"), new ArrayList<>(out.names()));
        assertEquals("2", out.get("X-A"));
    }

    @Test
    void setCookieHeadersAreWrittenAsExpressWritesThem() {
        String withOptions = ResponseCookies.setCookie("b", map("value", "x y", "maxAge", 1500, "domain", "example.com",
                "httpOnly", true, "secure", true, "sameSite", "lax", "priority", "high"));
        assertEquals("b=x%20y; Max-Age=1; Domain=example.com; Path=/; Expires=", withOptions.substring(0, 56));
        assertEquals("; HttpOnly; Secure; Priority=High; SameSite=Lax",
                withOptions.substring(withOptions.indexOf(" GMT") + 4));
        assertEquals("a=1; Path=/", ResponseCookies.setCookie("a", 1));
        assertEquals("j=j%3A%7B%22a%22%3A1%7D; Path=/", ResponseCookies.setCookie("j", map("value", map("a", 1))));
        assertEquals("gone=; Path=/x; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
                ResponseCookies.setCookie("gone", map("value", null, "path", "/x", "maxAge", 5)));
        assertEquals("gone=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT", ResponseCookies.setCookie("gone", null));
        assertEquals("TypeError: option sameSite is invalid", assertThrows(NodeError.class,
                () -> ResponseCookies.setCookie("s", map("value", "v", "sameSite", "sideways"))).getMessage());
    }

    @Test
    void proxiesComeFromTheEnvironmentByProxyHelperRules() {
        TargetUrl plain = TargetUrl.parse("http://api.example.com:8080/x");
        TargetUrl secure = TargetUrl.parse("https://api.example.com/x");
        ProxyRules rules = ProxyRules.fromEnvironment(Map.of("HTTP_PROXY", "http://u%40x:p@proxy:3128",
                "https_proxy", "sproxy:8443", "no_proxy", ""));
        io.vertx.core.net.ProxyOptions p = rules.forUrl(plain);
        assertEquals("proxy", p.getHost());
        assertEquals(3128, p.getPort());
        assertEquals("u@x", p.getUsername());
        assertEquals("sproxy", rules.forUrl(secure).getHost());
        assertEquals(8443, rules.forUrl(secure).getPort());
        for (String noProxy : List.of("*", "api.example.com", ".example.com", "*.example.com", "other, api.example.com:8080")) {
            assertNull(ProxyRules.fromEnvironment(Map.of("http_proxy", "http://proxy:1", "no_proxy", noProxy))
                    .forUrl(plain), noProxy);
        }
        for (String noProxy : List.of("example.com", "api.example.com:9999", "other")) {
            assertEquals("proxy", ProxyRules.fromEnvironment(Map.of("http_proxy", "http://proxy:1", "no_proxy", noProxy))
                    .forUrl(plain).getHost(), noProxy);
        }
        assertNull(ProxyRules.fromEnvironment(Map.of()).forUrl(plain));
        assertThrows(ProxyRules.BadProxy.class,
                () -> ProxyRules.fromEnvironment(Map.of("http_proxy", "http://bad host:1")).forUrl(plain));
    }
}
