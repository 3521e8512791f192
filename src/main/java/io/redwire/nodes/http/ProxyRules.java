package io.redwire.nodes.http;

import io.vertx.core.net.ProxyOptions;
import io.vertx.core.net.ProxyType;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which proxy a request goes through, by Node-RED's proxyHelper rules: `<scheme>_proxy` / `all_proxy` (and their
 * npm_config_ forms), lower-case names before upper-case, skipped for hosts listed in `no_proxy` (exact names,
 * ".suffix" or "*.suffix", optionally with a port; "*" disables the proxy). An http proxy config node replaces the
 * environment with its own url and host list.
 */
final class ProxyRules {
    private static final Pattern PROXY_URL = Pattern.compile("^(https?://)?(.+)?:([0-9]+)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern HOST_PORT = Pattern.compile("^(.+):(\\d+)$");
    /** No proxy at all (a proxy config id that names no node, as Node-RED treats it). */
    static final ProxyRules NONE = new ProxyRules(key -> "", "", "");

    /** A proxy URL that cannot be used; the request then goes direct with this warning. */
    static final class BadProxy extends RuntimeException {
        BadProxy(String url) {
            super("Bad proxy url: " + url, null, false, false);
        }
    }

    private final Function<String, String> env;
    private final String username;
    private final String password;
    /** False when no proxy variable is set: the common case skips the per-request lookups. */
    private final boolean anyProxy;

    private ProxyRules(Function<String, String> env, String username, String password) {
        this.env = env;
        this.username = username;
        this.password = password;
        this.anyProxy = !configuredProxy("http").isEmpty() || !configuredProxy("https").isEmpty();
    }

    /** Rules read from environment variables (System.getenv in production). */
    static ProxyRules fromEnvironment(Map<String, String> environment) {
        return new ProxyRules(key -> {
            String v = environment.get(key.toLowerCase());
            if (v == null || v.isEmpty()) {
                v = environment.get(key.toUpperCase());
            }
            return v == null ? "" : v;
        }, "", "");
    }

    /** Rules of an http proxy config node: its url for http and https, its no-proxy hosts, its credentials. */
    static ProxyRules fromConfig(String url, List<String> noProxy, String username, String password) {
        Map<String, String> own = Map.of("http_proxy", url, "https_proxy", url, "no_proxy", String.join(",", noProxy));
        return new ProxyRules(key -> own.getOrDefault(key.toLowerCase(), ""), username, password);
    }

    /** The proxy for a request to url, or null to connect directly; throws BadProxy for an unusable proxy URL. */
    ProxyOptions forUrl(TargetUrl url) {
        String scheme = url.scheme();
        if (!anyProxy || !shouldProxy(url.host(), url.port())) {
            return null;
        }
        String proxy = configuredProxy(scheme);
        if (proxy.isEmpty()) {
            return null;
        }
        if (!proxy.contains("://")) {
            proxy = scheme + "://" + proxy;
        }
        if (!PROXY_URL.matcher(proxy).find()) {
            throw new BadProxy(proxy);
        }
        TargetUrl p;
        try {
            p = TargetUrl.parse(proxy);
        } catch (RuntimeException e) {
            throw new BadProxy(proxy);
        }
        ProxyOptions options = new ProxyOptions().setType(ProxyType.HTTP).setHost(p.connectHost()).setPort(p.port());
        String user = !username.isEmpty() || !password.isEmpty() ? username : decode(p.username());
        String pass = !username.isEmpty() || !password.isEmpty() ? password : decode(p.password());
        if (!user.isEmpty() || !pass.isEmpty()) {
            options.setUsername(user).setPassword(pass);
        }
        return options;
    }

    /** The proxy URL the variables name for a scheme, in Node-RED's order of precedence; "" for none. */
    private String configuredProxy(String scheme) {
        return first(env.apply("npm_config_" + scheme + "_proxy"), env.apply(scheme + "_proxy"),
                env.apply("npm_config_proxy"), env.apply("all_proxy"));
    }

    private boolean shouldProxy(String hostname, int port) {
        String noProxy = first(env.apply("npm_config_no_proxy"), env.apply("no_proxy")).toLowerCase();
        if (noProxy.isEmpty()) {
            return true;
        }
        if (noProxy.equals("*")) {
            return false;
        }
        for (String entry : noProxy.split("[,\\s]")) {
            if (entry.isEmpty()) {
                continue;
            }
            Matcher m = HOST_PORT.matcher(entry);
            String host = m.matches() ? m.group(1) : entry;
            int entryPort = m.matches() ? Integer.parseInt(m.group(2)) : 0;
            if (entryPort != 0 && entryPort != port) {
                continue;
            }
            if (host.charAt(0) != '.' && host.charAt(0) != '*') {
                if (hostname.equals(host)) {
                    return false;
                }
                continue;
            }
            if (hostname.endsWith(host.charAt(0) == '*' ? host.substring(1) : host)) {
                return false;
            }
        }
        return true;
    }

    private static String first(String... values) {
        for (String v : values) {
            if (!v.isEmpty()) {
                return v;
            }
        }
        return "";
    }

    private static String decode(String s) {
        return java.net.URLDecoder.decode(s.replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
    }
}
