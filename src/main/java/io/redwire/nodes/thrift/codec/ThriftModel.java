package io.redwire.nodes.thrift.codec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A compiled IDL: its services (by simple and program-qualified name) and constants. Immutable, shareable. */
public final class ThriftModel {
    private final Map<String, ServiceDef> services;
    private final Map<String, Object> constants;

    ThriftModel(Map<String, ServiceDef> services, Map<String, Object> constants) {
        this.services = Collections.unmodifiableMap(new LinkedHashMap<>(services));
        this.constants = Collections.unmodifiableMap(new LinkedHashMap<>(constants));
    }

    /** The service by name ("Calculator" or "shared.SharedService"), or an error listing those that exist. */
    public ServiceDef service(String name) {
        ServiceDef s = services.get(name);
        if (s == null) {
            throw new IllegalArgumentException("the IDL has no service '" + name + "' (it has: "
                    + String.join(", ", services.keySet()) + ")");
        }
        return s;
    }

    /** Every service under every name it can be looked up by. */
    public Map<String, ServiceDef> services() {
        return services;
    }

    /** Constants by name and by program-qualified name, as message values. */
    public Map<String, Object> constants() {
        return constants;
    }
}
