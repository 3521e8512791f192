package io.redwire.cluster;

import io.redwire.api.RuntimeSettings;
import io.redwire.api.Settings;

import java.util.ArrayList;
import java.util.List;

/**
 * How this process joins a cluster: the address and port its Hazelcast member binds, and the members it asks to
 * join (TCP/IP join; multicast stays off so a cluster never forms by accident on a shared network).
 */
public record ClusterOptions(String host, int port, List<String> members) {
    public ClusterOptions {
        members = List.copyOf(members);
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("cluster port must be 0-65535, not " + port);
        }
        for (String m : members) {
            if (m.isBlank()) {
                throw new IllegalArgumentException("--cluster-members has an empty entry");
            }
        }
    }

    /**
     * The settings' "cluster" object ({host, port, members}) with command-line values taking precedence.
     *
     * @return null when neither asks for a cluster
     */
    public static ClusterOptions resolve(boolean flag, String host, Integer port, List<String> members,
                                         Settings settings) {
        if (!flag && RuntimeSettings.CLUSTER.read(settings).isEmpty()) {
            return null;
        }
        String h = host != null ? host : RuntimeSettings.CLUSTER_HOST.read(settings);
        int p = port != null ? port : RuntimeSettings.CLUSTER_PORT.read(settings);
        List<String> m = members;
        if (m == null) {
            m = new ArrayList<>();
            if (RuntimeSettings.CLUSTER_MEMBERS.read(settings) instanceof List<?> l) {
                for (Object x : l) {
                    m.add(String.valueOf(x).strip());
                }
            }
        }
        return new ClusterOptions(h, p, m);
    }
}
