package io.github.jmeterkafka.sampler.share;

import io.github.jmeterkafka.client.ShareReader;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.ValueText;
import io.github.jmeterkafka.sampler.base.FailureLog;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The plan's outcome for each record a share consumer is handed: by an expression evaluated per record (with the
 * record in variables), else by shares drawn at random, else accept. Used by one thread.
 */
public final class ShareOutcomes implements ShareReader.Decider {
    static final String ACCEPT = "accept";
    static final String RELEASE = "release";
    static final String REJECT = "reject";

    private final double rejectPercent;
    private final double releasePercent;
    private final CompoundVariable expression;
    private final String prefix;
    private final ValueText values;
    private final String label;
    private final SplittableRandom random = new SplittableRandom();

    /** @param expression null when the plan decides by shares */
    public ShareOutcomes(
            double releasePercent,
            double rejectPercent,
            CompoundVariable expression,
            String prefix,
            ValueText values,
            String label) {
        if (releasePercent + rejectPercent > 100) {
            throw new InvalidInputException("released and rejected shares add up to more than 100 %: " + releasePercent
                    + " + " + rejectPercent);
        }
        this.releasePercent = releasePercent;
        this.rejectPercent = rejectPercent;
        this.expression = expression;
        this.prefix = prefix.isEmpty() ? "kafka" : prefix;
        this.values = values;
        this.label = label;
    }

    @Override
    public AcknowledgeType outcome(ConsumerRecord<Object, Object> rec) {
        if (expression != null) {
            return byExpression(rec);
        }
        double u = random.nextDouble() * 100;
        if (u < rejectPercent) {
            return AcknowledgeType.REJECT;
        }
        return u < rejectPercent + releasePercent ? AcknowledgeType.RELEASE : AcknowledgeType.ACCEPT;
    }

    private AcknowledgeType byExpression(ConsumerRecord<Object, Object> rec) {
        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        if (vars != null) {
            vars.put(prefix + "_key", ValueText.plain(rec.key()));
            vars.put(prefix + "_value", values.text(rec.value()));
            vars.put(prefix + "_partition", Integer.toString(rec.partition()));
            vars.put(prefix + "_offset", Long.toString(rec.offset()));
            vars.put(
                    prefix + "_delivery_count",
                    Integer.toString(rec.deliveryCount().orElse((short) 1)));
        }
        String word = expression.execute().trim().toLowerCase(Locale.ROOT);
        return switch (word) {
            case ACCEPT, "" -> AcknowledgeType.ACCEPT;
            case RELEASE -> AcknowledgeType.RELEASE;
            case REJECT -> AcknowledgeType.REJECT;
            default -> {
                // the record goes back to the group: nothing is lost by a typo
                FailureLog.once(
                        label,
                        ResponseCodes.INVALID_INPUT,
                        "outcome expression",
                        "the outcome expression gave '" + word + "'; it must give accept, release or reject (blank:"
                                + " accept): such records are released",
                        null);
                yield AcknowledgeType.RELEASE;
            }
        };
    }

    /** The outcome's word in the summary; renew is never a final outcome. */
    public static String word(AcknowledgeType type) {
        return switch (type) {
            case ACCEPT -> ACCEPT;
            case RELEASE -> RELEASE;
            default -> REJECT;
        };
    }
}
