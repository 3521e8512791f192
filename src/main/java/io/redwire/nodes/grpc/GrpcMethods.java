package io.redwire.nodes.grpc;

import io.redwire.nodes.grpc.proto.ProtoSchema;

import com.google.protobuf.Descriptors;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import com.google.protobuf.DynamicMessage;

import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.protobuf.ProtoMethodDescriptorSupplier;
import io.grpc.protobuf.ProtoUtils;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * grpc-java descriptions of the methods of a compiled schema: what grpc-services' reflection reads (service and
 * method descriptors carrying the proto descriptors), and what a grpc-java client calls them with. Calls
 * themselves are served by {@link InboundCall} on Vert.x, not by these definitions.
 */
final class GrpcMethods {
    private static final Map<Descriptors.MethodDescriptor, MethodDescriptor<DynamicMessage, DynamicMessage>> METHODS =
            new ConcurrentHashMap<>();

    private GrpcMethods() {
    }

    /** The method with DynamicMessage marshallers. Built once per proto method. */
    static MethodDescriptor<DynamicMessage, DynamicMessage> descriptor(Descriptors.MethodDescriptor m) {
        return METHODS.computeIfAbsent(m, k -> MethodDescriptor.<DynamicMessage, DynamicMessage>newBuilder()
                .setType(typeOf(k))
                .setFullMethodName(MethodDescriptor.generateFullMethodName(k.getService().getFullName(), k.getName()))
                .setRequestMarshaller(ProtoUtils.marshaller(DynamicMessage.getDefaultInstance(k.getInputType())))
                .setResponseMarshaller(ProtoUtils.marshaller(DynamicMessage.getDefaultInstance(k.getOutputType())))
                .setSchemaDescriptor(new Schema(k.getService(), k))
                .build());
    }

    static MethodDescriptor.MethodType typeOf(Descriptors.MethodDescriptor m) {
        if (m.isClientStreaming()) {
            return m.isServerStreaming() ? MethodDescriptor.MethodType.BIDI_STREAMING
                    : MethodDescriptor.MethodType.CLIENT_STREAMING;
        }
        return m.isServerStreaming() ? MethodDescriptor.MethodType.SERVER_STREAMING : MethodDescriptor.MethodType.UNARY;
    }

    /** Every service of the schema, described for reflection. */
    static List<ServerServiceDefinition> describe(ProtoSchema schema) {
        List<ServerServiceDefinition> out = new ArrayList<>();
        for (FileDescriptor f : schema.files().values()) {
            for (ServiceDescriptor s : f.getServices()) {
                io.grpc.ServiceDescriptor.Builder sd = io.grpc.ServiceDescriptor.newBuilder(s.getFullName())
                        .setSchemaDescriptor(new Schema(s, null));
                s.getMethods().forEach(m -> sd.addMethod(descriptor(m)));
                ServerServiceDefinition.Builder def = ServerServiceDefinition.builder(sd.build());
                s.getMethods().forEach(m -> def.addMethod(descriptor(m), GrpcMethods::servedElsewhere));
                out.add(def.build());
            }
        }
        return out;
    }

    private static <Q, R> ServerCall.Listener<Q> servedElsewhere(ServerCall<Q, R> call, Metadata headers) {
        call.close(Status.INTERNAL.withDescription("served by InboundCall"), new Metadata());
        return new ServerCall.Listener<>() {
        };
    }

    /** What reflection reads from service and method descriptors. */
    record Schema(ServiceDescriptor service, Descriptors.MethodDescriptor method)
            implements ProtoMethodDescriptorSupplier {
        @Override
        public FileDescriptor getFileDescriptor() {
            return service.getFile();
        }

        @Override
        public ServiceDescriptor getServiceDescriptor() {
            return service;
        }

        @Override
        public Descriptors.MethodDescriptor getMethodDescriptor() {
            return method;
        }
    }
}
