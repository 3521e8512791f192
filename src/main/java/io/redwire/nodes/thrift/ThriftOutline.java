package io.redwire.nodes.thrift;

import io.redwire.api.ServiceOutline;
import io.redwire.nodes.thrift.codec.IdlCompiler;
import io.redwire.nodes.thrift.codec.IdlSource;
import io.redwire.nodes.thrift.codec.ServiceDef;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A thrift-server's IDL (inline text or a file under protos/) outlined for the editor: every service with its
 * methods, "oneway" or "call". Compiles with the runtime's compiler, without its deploy cache.
 */
final class ThriftOutline implements ServiceOutline {
    /** The compiler names places as "idl.thrift line 6, column 1: ...". */
    private static final Pattern LINE = Pattern.compile(" line (\\d+)");

    @Override
    public List<Service> services(Map<String, Object> config, Path protosDir) {
        Map<ServiceDef, String> names = new IdentityHashMap<>();
        try {
            IdlSource source = ThriftServerNode.source(text(config, ThriftServerNode.IDL_FILE.name()),
                    text(config, ThriftServerNode.IDL.name()), protosDir);
            if (source == null) {
                throw new Invalid(ThriftServerNode.NO_IDL, 0);
            }
            // a service is listed under its name and its program-qualified name: offer the shorter one
            IdlCompiler.compile(source).services().forEach((name, s) -> names.merge(s, name,
                    (a, b) -> b.length() < a.length() ? b : a));
        } catch (Invalid e) {
            throw e;
        } catch (RuntimeException e) {
            String message = String.valueOf(e.getMessage());
            Matcher m = LINE.matcher(message);
            throw new Invalid(message, m.find() ? Integer.parseInt(m.group(1)) : 0);
        }
        List<Service> out = new ArrayList<>();
        names.forEach((s, name) -> out.add(new Service(name, s.methods().values().stream()
                .map(m -> new Method(m.name(), m.oneway() ? "oneway" : "call")).toList())));
        out.sort((a, b) -> a.name().compareTo(b.name()));
        return out;
    }

    private static String text(Map<String, Object> config, String field) {
        return config.get(field) instanceof String s ? s : "";
    }
}
