package io.redwire.runtime;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.SourceSection;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.proxy.ProxyObject;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Evaluates a Node-RED settings.js ({@code module.exports = {…}}) in GraalJS, as Node's {@code require} would load
 * it: {@code module}, {@code exports}, {@code __dirname}, {@code __filename}, {@code process.env} and a
 * {@code require} that offers only what settings files use — {@code path}, {@code os}, and reading with {@code fs}
 * (relative paths from the working directory, as in Node).
 * The exported object becomes plain Java maps, lists, strings, numbers and booleans; functions (custom loggers,
 * middleware, adminAuth callbacks) are reported by key and left out, as Redwire cannot call them.
 */
final class SettingsScript {
    private final Path file;
    private final List<String> functionKeys = new ArrayList<>();

    private SettingsScript(Path file) {
        this.file = file.toAbsolutePath().normalize();
    }

    /** @throws IOException naming the file (and line) when it cannot be read or evaluated */
    static Evaluated evaluate(Path file) throws IOException {
        SettingsScript s = new SettingsScript(file);
        return new Evaluated(s.run(), List.copyOf(s.functionKeys));
    }

    record Evaluated(Map<String, Object> values, List<String> functionKeys) {
    }

    private Map<String, Object> run() throws IOException {
        String text = Files.readString(file);
        try (Context js = Context.newBuilder("js")
                .allowHostAccess(HostAccess.NONE)
                .allowIO(IOAccess.NONE)
                .allowCreateThread(false)
                .allowCreateProcess(false)
                .allowNativeAccess(false)
                .allowPolyglotAccess(PolyglotAccess.NONE)
                .option("engine.WarnInterpreterOnly", "false")
                .option("js.print", "false")
                .option("js.load", "false")
                .build()) {
            Value bindings = js.getBindings("js");
            bindings.putMember("__redwireRequire", (ProxyExecutable) args -> require(args[0].asString()));
            bindings.putMember("__redwireEnv", ProxyObject.fromMap(new HashMap<>(System.getenv())));
            Value wrapper = js.eval(Source.newBuilder("js", "(function (exports, require, module, __filename, "
                    + "__dirname, process) {" + text + "\n})", file.toString()).build());
            Value module = js.eval("js", "({exports: {}})");
            Value process = js.eval("js", "({env: __redwireEnv, platform: 'linux', argv: [], cwd: () => '"
                    + jsString(Path.of("").toAbsolutePath().toString()) + "'})");
            wrapper.execute(module.getMember("exports"), bindings.getMember("__redwireRequire"), module,
                    file.toString(), file.getParent().toString(), process);
            Value exported = module.getMember("exports");
            if (!exported.hasMembers() || exported.canExecute()) {
                throw new IOException("settings file " + file + " must set module.exports to an object");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> values = (Map<String, Object>) toJava(exported, "");
            return values;
        } catch (PolyglotException e) {
            throw new IOException("settings file " + file + where(e) + ": " + e.getMessage()
                    + " — fix the file or start without -s", e);
        } catch (IOException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new IOException("settings file " + file + ": " + e.getMessage(), e);
        }
    }

    private static String where(PolyglotException e) {
        SourceSection s = e.getSourceLocation();
        return s == null ? "" : " line " + s.getStartLine();
    }

    private static String jsString(String s) {
        return s.replace("\\", "\\\\").replace("'", "\\'");
    }

    private Object toJava(Value v, String key) {
        if (v.isNull()) {
            return null;
        }
        if (v.isBoolean()) {
            return v.asBoolean();
        }
        if (v.isString()) {
            return v.asString();
        }
        if (v.isNumber()) {
            return v.fitsInInt() ? (Object) v.asInt() : v.fitsInLong() ? (Object) v.asLong() : (Object) v.asDouble();
        }
        if (v.canExecute()) {
            functionKeys.add(key);
            return null;
        }
        if (v.hasArrayElements()) {
            List<Object> list = new ArrayList<>();
            for (long i = 0; i < v.getArraySize(); i++) {
                list.add(toJava(v.getArrayElement(i), key + "[" + i + "]"));
            }
            return list;
        }
        if (v.isProxyObject()) {
            return null; // process.env and the require modules are not settings
        }
        Map<String, Object> map = new LinkedHashMap<>();
        for (String k : v.getMemberKeys()) {
            Object converted = toJava(v.getMember(k), key.isEmpty() ? k : key + "." + k);
            if (converted != null || v.getMember(k).isNull()) {
                map.put(k, converted);
            }
        }
        return map;
    }

    // ---- the modules settings files require ---------------------------------------------------------------------

    private Object require(String name) {
        return switch (name) {
            case "path", "node:path" -> pathModule();
            case "os", "node:os" -> osModule();
            case "fs", "node:fs", "fs-extra" -> fsModule();
            default -> throw new IllegalArgumentException("require('" + name + "'): Redwire's settings files can "
                    + "require only path, os and fs (reading)");
        };
    }

    private static String str(Value[] args, int i) {
        return args.length > i && args[i].isString() ? args[i].asString() : "";
    }

    private static ProxyObject pathModule() {
        Map<String, Object> m = new HashMap<>();
        m.put("sep", "/");
        m.put("delimiter", ":");
        m.put("join", (ProxyExecutable) args -> {
            Path p = Path.of("");
            for (Value a : args) {
                p = p.resolve(a.asString().startsWith("/") ? a.asString().substring(1) : a.asString());
            }
            String joined = (args.length > 0 && args[0].asString().startsWith("/") ? "/" : "") + p.normalize();
            return joined.isEmpty() ? "." : joined;
        });
        m.put("resolve", (ProxyExecutable) args -> {
            Path p = Path.of("").toAbsolutePath();
            for (Value a : args) {
                p = p.resolve(a.asString());
            }
            return p.normalize().toString();
        });
        m.put("dirname", (ProxyExecutable) args -> {
            Path parent = Path.of(str(args, 0)).getParent();
            return parent == null ? "." : parent.toString();
        });
        m.put("basename", (ProxyExecutable) args -> {
            Path name = Path.of(str(args, 0)).getFileName();
            String base = name == null ? "" : name.toString();
            String ext = str(args, 1);
            return !ext.isEmpty() && base.endsWith(ext) ? base.substring(0, base.length() - ext.length()) : base;
        });
        m.put("extname", (ProxyExecutable) args -> {
            Path name = Path.of(str(args, 0)).getFileName();
            String base = name == null ? "" : name.toString();
            int dot = base.lastIndexOf('.');
            return dot <= 0 ? "" : base.substring(dot);
        });
        m.put("isAbsolute", (ProxyExecutable) args -> str(args, 0).startsWith("/"));
        m.put("normalize", (ProxyExecutable) args -> Path.of(str(args, 0)).normalize().toString());
        return ProxyObject.fromMap(m);
    }

    private static ProxyObject osModule() {
        Map<String, Object> m = new HashMap<>();
        m.put("homedir", (ProxyExecutable) args -> System.getProperty("user.home"));
        m.put("tmpdir", (ProxyExecutable) args -> System.getProperty("java.io.tmpdir"));
        m.put("hostname", (ProxyExecutable) args -> {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                return "localhost";
            }
        });
        m.put("platform", (ProxyExecutable) args -> System.getProperty("os.name").toLowerCase().contains("win")
                ? "win32" : System.getProperty("os.name").toLowerCase().contains("mac") ? "darwin" : "linux");
        m.put("type", (ProxyExecutable) args -> System.getProperty("os.name"));
        m.put("EOL", System.lineSeparator());
        return ProxyObject.fromMap(m);
    }

    private ProxyObject fsModule() {
        Map<String, Object> m = new HashMap<>();
        m.put("existsSync", (ProxyExecutable) args -> Files.exists(Path.of(str(args, 0))));
        m.put("readFileSync", (ProxyExecutable) args -> {
            Path p = Path.of(str(args, 0));
            try {
                return Files.readString(p, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new IllegalArgumentException("fs.readFileSync('" + p + "'): " + e);
            }
        });
        m.put("readdirSync", (ProxyExecutable) args -> {
            try (var list = Files.list(Path.of(str(args, 0)))) {
                return ProxyArray.fromArray(list.map(p -> p.getFileName().toString()).sorted().toArray());
            } catch (IOException e) {
                throw new IllegalArgumentException("fs.readdirSync('" + str(args, 0) + "'): " + e);
            }
        });
        return ProxyObject.fromMap(m);
    }
}
