package io.redwire.nodes.udp;

import java.net.InetAddress;
import java.net.NetworkInterface;

/** Node-RED's udp nodes name an interface by its IP address; vert.x's multicast options want its name. */
final class UdpInterfaces {
    private UdpInterfaces() {
    }

    static String name(String iface) {
        try {
            NetworkInterface byName = NetworkInterface.getByName(iface);
            if (byName != null) {
                return iface;
            }
            NetworkInterface byAddress = NetworkInterface.getByInetAddress(InetAddress.getByName(iface));
            return byAddress == null ? iface : byAddress.getName();
        } catch (Exception e) {
            return iface;
        }
    }
}
