package io.redwire.nodes.file;

import io.redwire.api.Done;
import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.js.JsValues;
import io.redwire.msg.Json;
import io.redwire.msg.JvmErrors;
import io.redwire.msg.NodeError;
import io.vertx.core.Future;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

/**
 * file: writes msg.payload to a file (overwrite or append, optionally with a newline and creating the directory) or
 * deletes it, then passes the message on with msg.filename set. Messages are handled one at a time in arrival order;
 * the file work runs off the event loop. A failure is a node error with Node.js's text (e.g. "failed to write to
 * file: Error: EACCES: permission denied, open '/x'") and a red status dot naming the error code.
 */
public final class FileNode extends Node {
    static final Field OVERWRITE_FILE = Field.select("overwriteFile", "false", "false", "true", "delete");
    static final Field APPEND_NEWLINE = Field.bool("appendNewline", true).runtimeDefault(false);
    static final Field CREATE_DIR = Field.bool("createDir", false);
    static final Field ENCODING = Field.str("encoding", "none");

    public static final NodeType TYPE = NodeType.builder("file", "storage").color("BurlyWood").ports(1, 1)
            .help("Writes `msg.payload` to a file: appends, overwrites, or deletes the file.\n\n- Can add a newline after each payload and create missing directories.")
            .paletteLabel("write file")
            .label(Label.computed())
            .fields(FileTarget.FILENAME, OVERWRITE_FILE, APPEND_NEWLINE, CREATE_DIR, ENCODING)
            .factory(FileNode::new);

    private final FileTarget target;
    private final String mode;
    private final boolean appendNewline;
    private final boolean createDir;
    private final String encoding;
    private Future<Void> queue = Future.succeededFuture();
    private boolean failedStatus;

    FileNode(NodeConfig c) {
        super(c);
        this.target = new FileTarget(c);
        this.mode = c.str(OVERWRITE_FILE);
        this.appendNewline = c.truthy(APPEND_NEWLINE);
        this.createDir = c.truthy(CREATE_DIR);
        this.encoding = c.str(ENCODING).isEmpty() ? "none" : c.str(ENCODING);
    }

    @Override
    protected void onInput(Map<String, Object> msg, Done done) {
        // one message at a time, as Node-RED's queue does, so appends land in order
        queue = queue.transform(ignored -> {
            try {
                return handle(msg, done);
            } catch (Throwable e) { // thrown in a future's continuation it would be lost, the msg unanswered
                JvmErrors.rethrowIfFatal(e);
                done.done(e);
                return Future.succeededFuture();
            }
        });
    }

    private Future<Void> handle(Map<String, Object> msg, Done done) {
        String filename;
        try {
            filename = target.resolve(msg, this);
        } catch (NodeError e) {
            done.done(e);
            return Future.succeededFuture();
        }
        msg.put("filename", filename);
        if (filename.isEmpty()) {
            warn("No filename specified");
            done.done();
            return Future.succeededFuture();
        }
        if (!mode.equals("delete") && (!msg.containsKey("payload") || msg.get("payload") == io.redwire.js.Undefined.VALUE)) {
            done.done();
            return Future.succeededFuture();
        }
        byte[] data;
        Path path;
        try {
            path = FileTarget.path(filename);
            data = mode.equals("delete") ? null : bytes(msg);
        } catch (NodeError e) {
            done.done(e);
            return Future.succeededFuture();
        }
        return engine().loop().<Void>executeBlocking(() -> {
            apply(path, filename, data);
            return null;
        }, false).transform(ar -> {
            if (ar.succeeded()) {
                if (failedStatus) {
                    status(Map.of());
                    failedStatus = false;
                }
                send(msg);
                done.done();
            } else if (ar.cause() instanceof Failure f) {
                failedStatus = true;
                status(Map.of("fill", "red", "shape", "dot", "text", f.error.code()));
                if (f.appending && target.fixed()) {
                    // Node-RED writes to a fixed file through a kept stream whose write callback runs on a
                    // failure as well: the msg goes on besides the error
                    send(msg);
                }
                error(f.error.quoted(f.prefix), msg);
                done.done();
            } else {
                done.done(ar.cause());
            }
            return Future.succeededFuture();
        });
    }

    /** A file-system failure with the Node-RED text that introduces it. */
    private static final class Failure extends Exception {
        final FsError error;
        final String prefix;
        final boolean appending;

        Failure(FsError error, String prefix) {
            this(error, prefix, false);
        }

        Failure(FsError error, String prefix, boolean appending) {
            super(error.message(), null, false, false);
            this.error = error;
            this.prefix = prefix;
            this.appending = appending;
        }
    }

    private void apply(Path path, String filename, byte[] data) throws Failure {
        if (mode.equals("delete")) {
            try {
                Files.delete(path);
            } catch (IOException e) {
                throw new Failure(FsError.of(e, "unlink", filename), "failed to delete file: ");
            }
            return;
        }
        Path dir = path.toAbsolutePath().getParent();
        if (createDir && dir != null) {
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new Failure(FsError.of(e, "mkdir", dir.toString()), "failed to create file: ");
            }
        }
        boolean overwrite = mode.equals("true");
        try {
            if (overwrite) {
                Files.write(path, data);
            } else {
                Files.write(path, data, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        } catch (IOException e) {
            throw new Failure(FsError.of(e, "open", filename),
                    overwrite ? "failed to write to file: " : "failed to append to file: ", !overwrite);
        }
    }

    /** What Node-RED writes: Buffers as they are, objects as JSON, the rest as text plus the optional newline. */
    private byte[] bytes(Map<String, Object> msg) {
        Object payload = msg.get("payload");
        if (payload instanceof byte[] b) {
            return b;
        }
        String text = payload instanceof String s ? s
                : payload == null || payload instanceof Map || payload instanceof List || payload instanceof java.util.Date
                ? Json.stringify(payload)
                : JsValues.toJsString(payload);
        boolean lastPart = msg.get("parts") instanceof Map<?, ?> parts && "string".equals(parts.get("type"))
                && parts.get("count") instanceof Number count && parts.get("index") instanceof Number index
                && count.doubleValue() == index.doubleValue() + 1;
        if (appendNewline && !lastPart) {
            text += "\n";
        }
        String enc = encoding.equals("setbymsg") ? JsValues.toJsString(msg.getOrDefault("encoding", "none")) : encoding;
        return enc.equals("none") ? text.getBytes(StandardCharsets.UTF_8) : FileEncodings.encode(text, enc);
    }
}
