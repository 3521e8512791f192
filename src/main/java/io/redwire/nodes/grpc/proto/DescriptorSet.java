package io.redwire.nodes.grpc.proto;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds a schema from FileDescriptorProtos someone else compiled (a server's reflection answers), instead of from
 * .proto text. Files are built dependencies first; a google/protobuf file the sender left out is protobuf-java's
 * own, as in {@link ProtoCompiler}.
 */
public final class DescriptorSet {
    private DescriptorSet() {
    }

    /** The dependencies {@code files} name that are neither among them nor bundled: what to ask the sender for. */
    public static Set<String> missing(Map<String, FileDescriptorProto> files) {
        Set<String> out = new HashSet<>();
        for (FileDescriptorProto f : files.values()) {
            for (String dep : f.getDependencyList()) {
                if (!files.containsKey(dep) && !WellKnownTypes.isBundled(dep)) {
                    out.add(dep);
                }
            }
        }
        return out;
    }

    /** Every file built; a schema with no root file, whose services are those of all files. */
    public static ProtoSchema link(Map<String, FileDescriptorProto> files) {
        Map<String, FileDescriptor> built = new LinkedHashMap<>();
        for (String name : files.keySet()) {
            build(name, files, built, new HashSet<>());
        }
        return new ProtoSchema(null, built);
    }

    private static FileDescriptor build(String name, Map<String, FileDescriptorProto> files,
                                        Map<String, FileDescriptor> built, Set<String> visiting) {
        FileDescriptor done = built.get(name);
        if (done != null) {
            return done;
        }
        FileDescriptorProto proto = files.get(name);
        if (proto == null) {
            FileDescriptor bundled = WellKnownTypes.descriptor(name);
            if (bundled == null) {
                throw new ProtoException(name + ": not sent, though another file imports it");
            }
            built.put(name, bundled);
            return bundled;
        }
        if (!visiting.add(name)) {
            throw new ProtoException(name + ": imports itself (through " + String.join(", ", visiting) + ")");
        }
        List<FileDescriptor> deps = new ArrayList<>();
        for (String dep : proto.getDependencyList()) {
            deps.add(build(dep, files, built, visiting));
        }
        try {
            FileDescriptor fd = FileDescriptor.buildFrom(proto, deps.toArray(new FileDescriptor[0]));
            built.put(name, fd);
            return fd;
        } catch (DescriptorValidationException e) {
            throw new ProtoException(name + ": " + e.getMessage());
        }
    }
}
