package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One of a list of words, uniform ({@code EUR USD GBP}) or weighted ({@code EUR:60 USD:30 GBP:10}).
 *
 * <p>Threads: immutable; each thread picks with its own random stream.
 */
public final class WeightedChoice {
    private final String[] choices;
    /** Running totals of the weights; null when the choice is uniform. */
    private final long[] cumulative;

    private WeightedChoice(String[] choices, long[] cumulative) {
        this.choices = choices;
        this.cumulative = cumulative;
    }

    /**
     * Parses the words of a choice.
     *
     * @param words each a choice, or a choice and its whole-number weight after its last colon
     *              ({@code a:b:3} is {@code a:b} weighted 3); either all weighted or none
     * @throws InvalidInputException no words, a weight that is not a whole number, weights on some
     *                               words only, or weights that add up to zero
     */
    public static WeightedChoice parse(List<String> words) {
        return parse(words, new int[words.size()]);
    }

    /** @param weightFrom per word, where a weight may start: colons before belong to the choice */
    static WeightedChoice parse(List<String> words, int[] weightFrom) {
        if (words.isEmpty()) {
            throw new InvalidInputException("no choice to pick from");
        }
        String[] choices = new String[words.size()];
        long[] cumulative = new long[words.size()];
        int weighted = 0;
        long total = 0;
        for (int i = 0; i < choices.length; i++) {
            String word = words.get(i);
            int colon = word.lastIndexOf(':');
            if (colon < weightFrom[i]) {
                choices[i] = word;
                total++;
            } else {
                choices[i] = word.substring(0, colon);
                total += weight(word, colon);
                weighted++;
            }
            cumulative[i] = total;
        }
        if (weighted == 0) {
            return new WeightedChoice(choices, null);
        }
        if (weighted < choices.length) {
            throw new InvalidInputException("either every choice has a :weight or none has (" + weighted + " of "
                    + choices.length + " have one); quote a choice that holds a colon");
        }
        if (total == 0) {
            throw new InvalidInputException("the weights add up to 0");
        }
        return new WeightedChoice(choices, cumulative);
    }

    /** An int, so that no list of weights can overflow the long total. */
    private static int weight(String word, int colon) {
        String weight = word.substring(colon + 1);
        try {
            int value = Integer.parseInt(weight);
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // the same message as for a negative weight
        }
        throw new InvalidInputException("the weight '" + weight + "' of '" + word
                + "' is not a whole number from 0 to " + Integer.MAX_VALUE
                + "; quote a choice that holds a colon");
    }

    public String pick(SplittableRandom random) {
        if (cumulative == null) {
            return choices[random.nextInt(choices.length)];
        }
        long draw = random.nextLong(cumulative[cumulative.length - 1]);
        // the first running total above the draw: a zero weight repeats a total and is never picked
        int low = 0;
        int high = cumulative.length - 1;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (cumulative[middle] > draw) {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        return choices[low];
    }
}
