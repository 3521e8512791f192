package io.redwire.cluster;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;
import io.redwire.spi.Membership;

import java.util.Iterator;

/**
 * The leader is the oldest member: Hazelcast lists members oldest first and every member sees the same list, so
 * exactly one member leads without a lock, and the next oldest takes over as soon as the leader is removed.
 */
record HazelcastMembership(HazelcastInstance hazelcast, String memberId) implements Membership {
    @Override
    public boolean leader() {
        Iterator<Member> members = hazelcast.getCluster().getMembers().iterator();
        return members.hasNext() && members.next().localMember();
    }
}
