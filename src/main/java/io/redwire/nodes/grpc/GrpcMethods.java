package io.redwire.nodes.grpc;

import com.google.protobuf.Descriptors;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import com.google.protobuf.DynamicMessage;

import io.grpc.MethodDescriptor;
import io.grpc.MethodDescriptor.Marshaller;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.ProtoMethodDescriptorSupplier;
import io.grpc.protobuf.ProtoUtils;

import java.io.InputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * grpc-java method descriptors for methods of a compiled schema, carrying DynamicMessage marshallers and the proto
 * descriptors server reflection reads. Built once per proto method and shared by servers and clients.
 */
final class GrpcMethods {
    private static final Map<Descriptors.MethodDescriptor, MethodDescriptor<DynamicMessage, DynamicMessage>> CLIENT =
            new ConcurrentHashMap<>();
    private static final Map<Descriptors.MethodDescriptor, MethodDescriptor<Request, DynamicMessage>> SERVER =
            new ConcurrentHashMap<>();

    private GrpcMethods() {
    }

    /** A request as the server receives it: the message, or why it did not parse. */
    record Request(DynamicMessage message, String problem) {
    }

    /** The method as a client calls it. */
    static MethodDescriptor<DynamicMessage, DynamicMessage> client(Descriptors.MethodDescriptor m) {
        return CLIENT.computeIfAbsent(m, k -> builder(k, ProtoUtils.marshaller(
                DynamicMessage.getDefaultInstance(k.getInputType()))).build());
    }

    /**
     * The method as the server answers it. Its request marshaller never throws: grpc-java would turn a parse
     * failure into UNKNOWN, while a request that does not parse is the client's fault (INVALID_ARGUMENT).
     */
    static MethodDescriptor<Request, DynamicMessage> server(Descriptors.MethodDescriptor m) {
        return SERVER.computeIfAbsent(m, k -> builder(k, new LenientRequests(ProtoUtils.marshaller(
                DynamicMessage.getDefaultInstance(k.getInputType())))).build());
    }

    static MethodDescriptor.MethodType typeOf(Descriptors.MethodDescriptor m) {
        if (m.isClientStreaming()) {
            return m.isServerStreaming() ? MethodDescriptor.MethodType.BIDI_STREAMING
                    : MethodDescriptor.MethodType.CLIENT_STREAMING;
        }
        return m.isServerStreaming() ? MethodDescriptor.MethodType.SERVER_STREAMING : MethodDescriptor.MethodType.UNARY;
    }

    private static <Q> MethodDescriptor.Builder<Q, DynamicMessage> builder(Descriptors.MethodDescriptor m,
                                                                       Marshaller<Q> requests) {
        return MethodDescriptor.<Q, DynamicMessage>newBuilder()
                .setType(typeOf(m))
                .setFullMethodName(MethodDescriptor.generateFullMethodName(m.getService().getFullName(), m.getName()))
                .setRequestMarshaller(requests)
                .setResponseMarshaller(ProtoUtils.marshaller(DynamicMessage.getDefaultInstance(m.getOutputType())))
                .setSchemaDescriptor(new Schema(m.getService(), m));
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

    private record LenientRequests(Marshaller<DynamicMessage> delegate) implements Marshaller<Request> {
        @Override
        public InputStream stream(Request value) {
            return delegate.stream(value.message());
        }

        @Override
        public Request parse(InputStream stream) {
            try {
                return new Request(delegate.parse(stream), null);
            } catch (StatusRuntimeException e) {
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                return new Request(null, "request does not parse: " + cause.getMessage());
            }
        }
    }
}
