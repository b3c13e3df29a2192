package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.payload.source.RecordContext;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Predicate;
import net.datafaker.Faker;
import net.datafaker.providers.base.AbstractProvider;

/**
 * Datafaker values: one seeded {@link Faker} per {@link RecordContext}, and {@code {{faker ...}}}
 * resolved when the template is parsed.
 *
 * <p>Threads: a context belongs to one thread, so each thread keeps its own map from contexts (by
 * identity: RecordContext keeps Object's equals) to fakers, with no lock; the keys are weak, so a
 * context that is done with takes its Faker along.
 */
public final class FakeData {
    private static final ThreadLocal<Map<RecordContext, Faker>> FAKERS = ThreadLocal.withInitial(WeakHashMap::new);
    private static final MethodType CALL = MethodType.methodType(Object.class, Faker.class);

    private FakeData() {}

    /** The context's Faker, drawing on the context's random stream: a seed repeats its values. */
    public static Faker faker(RecordContext context) {
        return FAKERS.get().computeIfAbsent(context, c -> new Faker(c.javaRandom()));
    }

    /** {@code {{faker Name.fullName}}} or an expression {@code {{faker '#{Name.firstName} x'}}}. */
    static Placeholder placeholder(Arguments args) {
        String expression = args.text(0);
        return expression.contains("#{") ? expression(args, expression) : method(args, expression);
    }

    /**
     * Evaluated by Datafaker for every record: it caches what it parses, so this costs about what
     * calling the provider's method does (measured: 270 ns against 240 for Name.fullName).
     */
    private static Placeholder expression(Arguments args, String expression) {
        try {
            new Faker().expression(expression);
        } catch (RuntimeException e) {
            throw args.error("Datafaker cannot resolve it: " + brief(e.getMessage()));
        }
        return context -> faker(context).expression(expression);
    }

    private static Placeholder method(Arguments args, String path) {
        int dot = path.indexOf('.');
        if (dot <= 0 || dot != path.lastIndexOf('.') || dot == path.length() - 1) {
            throw args.error("'" + path + "' is neither Provider.method (Name.fullName) nor an"
                    + " expression in quotes ('#{Name.firstName} #{Name.lastName}')");
        }
        String providerName = path.substring(0, dot);
        String methodName = path.substring(dot + 1);
        Method provider =
                find(Faker.class, providerName, m -> AbstractProvider.class.isAssignableFrom(m.getReturnType()));
        if (provider == null) {
            throw args.error("Datafaker has no provider '" + providerName + "'");
        }
        Method value = find(
                provider.getReturnType(),
                methodName,
                m -> m.getReturnType() != void.class
                        && m.getDeclaringClass() != Object.class
                        && m.getDeclaringClass() != AbstractProvider.class);
        if (value == null) {
            throw args.error("Datafaker's " + provider.getReturnType().getSimpleName() + " has no method '" + methodName
                    + "' without arguments");
        }
        MethodHandle call = handle(provider, value);
        return context -> String.valueOf(invoke(call, faker(context)));
    }

    /**
     * Datafaker's own expressions match names ignoring case and underscores
     * ({@code name.first_name}); so does this, preferring an exact match.
     */
    private static Method find(Class<?> type, String name, Predicate<Method> fits) {
        String loose = name.replace("_", "");
        Method found = null;
        for (Method m : type.getMethods()) {
            boolean instanceGetter = m.getParameterCount() == 0 && !Modifier.isStatic(m.getModifiers());
            if (!instanceGetter || !fits.test(m)) {
                continue;
            }
            if (m.getName().equals(name)) {
                return m;
            }
            if (found == null && m.getName().equalsIgnoreCase(loose)) {
                found = m;
            }
        }
        return found;
    }

    /** faker.provider().value() as one handle from Faker to Object. */
    private static MethodHandle handle(Method provider, Method value) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            MethodHandle getProvider = lookup.unreflect(provider);
            MethodHandle getValue = lookup.unreflect(value)
                    .asType(MethodType.methodType(
                            Object.class, getProvider.type().returnType()));
            return MethodHandles.filterReturnValue(getProvider, getValue).asType(CALL);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("Datafaker's public " + value + " is not accessible", e);
        }
    }

    private static Object invoke(MethodHandle call, Faker faker) {
        try {
            return (Object) call.invokeExact(faker);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Datafaker's message ends with its context's inner state, of no use to a tester. */
    private static String brief(String message) {
        int end = message == null ? -1 : message.indexOf(" for FakerContext");
        return end < 0 ? String.valueOf(message) : message.substring(0, end);
    }
}
