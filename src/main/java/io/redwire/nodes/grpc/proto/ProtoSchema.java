package io.redwire.nodes.grpc.proto;

import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A compiled .proto: the root file's descriptor plus every file it pulled in, and service lookup by name. */
public final class ProtoSchema {
    private final FileDescriptor root;
    private final Map<String, FileDescriptor> files;

    ProtoSchema(FileDescriptor root, Map<String, FileDescriptor> files) {
        this.root = root;
        this.files = Map.copyOf(files);
    }

    public FileDescriptor root() {
        return root;
    }

    /** Every file of the compile by path, bundled well-known types included. */
    public Map<String, FileDescriptor> files() {
        return files;
    }

    /** The root file's package ("" when it has none). */
    public String packageName() {
        return root.getPackage();
    }

    /** Services the root file declares. */
    public List<ServiceDescriptor> services() {
        return root.getServices();
    }

    /**
     * A service by full name ("hello.Greeter") or, as node-red-contrib-grpc looks it up, by its name inside the
     * root file's package ("Greeter"); null when there is none.
     */
    public ServiceDescriptor service(String name) {
        if (name == null || name.isEmpty()) {
            return null;
        }
        String inPackage = packageName().isEmpty() ? name : packageName() + "." + name;
        for (FileDescriptor f : files.values()) {
            for (ServiceDescriptor s : f.getServices()) {
                if (s.getFullName().equals(inPackage)) {
                    return s;
                }
            }
        }
        for (FileDescriptor f : files.values()) {
            for (ServiceDescriptor s : f.getServices()) {
                if (s.getFullName().equals(name)) {
                    return s;
                }
            }
        }
        return null;
    }

    /** Full names of all services of the compile that are not bundled types, for messages. */
    public List<String> serviceNames() {
        List<String> names = new ArrayList<>();
        for (FileDescriptor f : files.values()) {
            f.getServices().forEach(s -> names.add(s.getFullName()));
        }
        return names;
    }
}
