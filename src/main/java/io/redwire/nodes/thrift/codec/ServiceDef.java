package io.redwire.nodes.thrift.codec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A service with its own methods and those it inherits through `extends` (its own win on a name clash). */
public final class ServiceDef {
    private final String name;
    private final Map<String, MethodDef> methods;

    ServiceDef(String name, Map<String, MethodDef> methods) {
        this.name = name;
        this.methods = Collections.unmodifiableMap(new LinkedHashMap<>(methods));
    }

    public String name() {
        return name;
    }

    public Map<String, MethodDef> methods() {
        return methods;
    }

    /** The method, or an IllegalArgumentException listing those that exist. */
    public MethodDef method(String methodName) {
        MethodDef m = methods.get(methodName);
        if (m == null) {
            throw new IllegalArgumentException("service " + name + " has no method '" + methodName + "' (it has: "
                    + String.join(", ", methods.keySet()) + ")");
        }
        return m;
    }
}
