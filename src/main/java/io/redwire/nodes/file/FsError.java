package io.redwire.nodes.file;

import io.redwire.msg.NodeError;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A file-system failure as Node.js reports it, since Node-RED users see (and flows test) those texts:
 * {@code "ENOENT: no such file or directory, open '/x'"} with code, errno, syscall and path.
 */
record FsError(String code, int errno, String description, String syscall, String path) {

    static FsError of(IOException e, String syscall, String path) {
        if (e instanceof NoSuchFileException) {
            return new FsError("ENOENT", -2, "no such file or directory", syscall, path);
        }
        if (e instanceof AccessDeniedException) {
            return new FsError("EACCES", -13, "permission denied", syscall, path);
        }
        if (e instanceof NotDirectoryException) {
            return new FsError("ENOTDIR", -20, "not a directory", syscall, path);
        }
        if (e instanceof FileAlreadyExistsException) {
            return new FsError("EEXIST", -17, "file already exists", syscall, path);
        }
        if (e instanceof DirectoryNotEmptyException) {
            return new FsError("ENOTEMPTY", -39, "directory not empty", syscall, path);
        }
        String reason = e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
        String r = reason == null ? "" : reason.toLowerCase();
        if (r.contains("is a directory")) {
            return new FsError("EISDIR", -21, "illegal operation on a directory", syscall, path);
        }
        if (r.contains("not a directory")) {
            return new FsError("ENOTDIR", -20, "not a directory", syscall, path);
        }
        if (r.contains("read-only file system")) {
            return new FsError("EROFS", -30, "read-only file system", syscall, path);
        }
        if (r.contains("no space")) {
            return new FsError("ENOSPC", -28, "no space left on device", syscall, path);
        }
        return new FsError("EIO", -5, reason == null ? "i/o error" : reason, syscall, path);
    }

    /** err.message */
    String message() {
        return code + ": " + description + ", " + syscall + " '" + path + "'";
    }

    /** The Error itself as a catch node sees it: toString() text and the code (file in reports it so). */
    NodeError asNodeError() {
        return new NodeError("Error: " + message(), code, null);
    }

    /** A text that quotes the Error (the file node's "failed to ...: Error: ..."): a string, so no code. */
    NodeError quoted(String prefix) {
        return new NodeError(prefix + "Error: " + message());
    }

    /** The Error object as a message property (file in's sendError copy). */
    Map<String, Object> asObject() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("errno", errno);
        m.put("code", code);
        m.put("syscall", syscall);
        m.put("path", path);
        m.put("message", message());
        return m;
    }
}
