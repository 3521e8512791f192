package io.redwire.nodes.storage;

import io.redwire.runtime.NodeType;

import java.util.List;

/** The storage family: file, file in, watch. */
public final class StorageNodes {
    private StorageNodes() {
    }

    public static List<NodeType> types() {
        return List.of(FileNode.TYPE, FileInNode.TYPE);
    }
}
