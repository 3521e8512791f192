package io.redwire.nodes.storage;

import io.redwire.spi.NodeFamily;
import io.redwire.spi.NodeType;

import java.util.List;

/** The storage family: file, file in and watch. */
public final class StorageNodes implements NodeFamily {
    @Override
    public String name() {
        return "storage";
    }

    @Override
    public List<NodeType> types() {
        return List.of(FileNode.TYPE, FileInNode.TYPE, WatchNode.TYPE);
    }
}
