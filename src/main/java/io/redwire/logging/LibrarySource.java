package io.redwire.logging;

import ch.qos.logback.classic.pattern.ClassicConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;

/**
 * {@code %nrsource}: nothing for Redwire's own lines (they carry their node label already), {@code [logger] } for a
 * library's (Vert.x, Netty, grpc-java, Thrift), so their warnings are told apart in Node-RED's format.
 */
public final class LibrarySource extends ClassicConverter {
    @Override
    public String convert(ILoggingEvent event) {
        String name = event.getLoggerName();
        return name.startsWith(Logging.ROOT) ? "" : "[" + name + "] ";
    }
}
