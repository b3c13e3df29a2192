package io.github.jmeterkafka.client;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.AlterConfigsOptions;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeShareGroupsOptions;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsOptions;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.apache.kafka.clients.admin.ShareMemberDescription;
import org.apache.kafka.clients.admin.SharePartitionOffsetInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;

/**
 * The Kafka Admin sampler's share group operations, part of {@link AdminOperations} (its deadline bounds and
 * cancels them): describe a group, set where it starts.
 *
 * <p>Threads: as {@link AdminOperations}.
 */
public final class ShareGroupOperations {
    private final Admin admin;
    private final AdminDeadline deadline;

    ShareGroupOperations(Admin admin, AdminDeadline deadline) {
        this.admin = admin;
        this.deadline = deadline;
    }

    /** The share group's state, members and the lag of each share partition it has started. */
    public ShareGroupView describe(String groupId) throws InterruptedException, ExecutionException {
        AdminNames.requireGroup(groupId);
        deadline.begin();
        ShareGroupDescription d = deadline.await(
                admin.describeShareGroups(
                                List.of(groupId), new DescribeShareGroupsOptions().timeoutMs(deadline.remainingMsInt()))
                        .describedGroups()
                        .get(groupId),
                "describing share group " + groupId);
        Map<TopicPartition, SharePartitionOffsetInfo> offsets = deadline.await(
                admin.listShareGroupOffsets(
                                Map.of(groupId, new ListShareGroupOffsetsSpec()),
                                new ListShareGroupOffsetsOptions().timeoutMs(deadline.remainingMsInt()))
                        .partitionsToOffsetInfo(groupId),
                "listing the offsets of share group " + groupId);
        List<ShareGroupView.Member> members = new ArrayList<>();
        for (ShareMemberDescription m : d.members()) {
            List<TopicPartition> tps = new ArrayList<>(m.assignment().topicPartitions());
            tps.sort(Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition));
            members.add(new ShareGroupView.Member(m.clientId(), m.host(), tps));
        }
        members.sort(Comparator.comparing(ShareGroupView.Member::clientId));
        List<ShareGroupView.PartitionLag> lags = new ArrayList<>();
        offsets.forEach((tp, info) -> {
            if (info != null) {
                lags.add(new ShareGroupView.PartitionLag(
                        tp, info.startOffset(), info.lag().orElse(-1L)));
            }
        });
        lags.sort(Comparator.comparing(
                        (ShareGroupView.PartitionLag l) -> l.partition().topic())
                .thenComparingInt(l -> l.partition().partition()));
        return new ShareGroupView(groupId, d.groupState().toString(), members, lags);
    }

    /**
     * Sets where the share group starts reading partitions it has not started yet (the group config
     * share.auto.offset.reset): earliest, latest or by_duration:&lt;ISO-8601 duration&gt;.
     */
    public void setStart(String groupId, String start) throws InterruptedException, ExecutionException {
        AdminNames.requireGroup(groupId);
        deadline.begin();
        deadline.await(
                admin.incrementalAlterConfigs(
                                Map.of(
                                        new ConfigResource(ConfigResource.Type.GROUP, groupId),
                                        List.of(new AlterConfigOp(
                                                new ConfigEntry(SHARE_START, start), AlterConfigOp.OpType.SET))),
                                new AlterConfigsOptions().timeoutMs(deadline.remainingMsInt()))
                        .all(),
                "setting " + SHARE_START + " of group " + groupId);
    }

    /** The group config of a share group's start. */
    public static final String SHARE_START = "share.auto.offset.reset";
}
