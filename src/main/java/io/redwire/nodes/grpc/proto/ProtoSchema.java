package io.redwire.nodes.grpc.proto;

import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A compiled .proto: the root file's descriptor plus every file it pulled in, and service lookup by name. A schema
 * taken from a server's reflection ({@link DescriptorSet}) has no root file: its services are those of every file.
 */
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

    /** The root file's package ("" when it has none, or there is no root file). */
    public String packageName() {
        return root == null ? "" : root.getPackage();
    }

    /** Services the root file declares; without a root file, every file's. */
    public List<ServiceDescriptor> services() {
        if (root != null) {
            return root.getServices();
        }
        List<ServiceDescriptor> all = new ArrayList<>();
        files.values().forEach(f -> all.addAll(f.getServices()));
        return all;
    }

    /**
     * A service by full name ("hello.Greeter") or, as node-red-contrib-grpc looks it up, by its name inside the
     * root file's package ("Greeter"); without a root file, by its name alone when one service has it. Null when
     * there is none.
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
        return root == null ? onlyOneNamed(name) : null;
    }

    private ServiceDescriptor onlyOneNamed(String name) {
        List<ServiceDescriptor> named = services().stream().filter(s -> s.getName().equals(name)).toList();
        return named.size() == 1 ? named.get(0) : null;
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
