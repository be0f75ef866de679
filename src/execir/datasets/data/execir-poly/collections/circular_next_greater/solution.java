import java.util.ArrayDeque;
import java.util.StringJoiner;

public class Main {
    static long[] nextGreaterCircular(long[] values) {
        int n = values.length;
        long[] result = new long[n];
        java.util.Arrays.fill(result, -1);
        ArrayDeque<Integer> stack = new ArrayDeque<>();
        for (int i = 0; i < 2 * n; i++) {
            long value = values[i % n];
            while (!stack.isEmpty() && values[stack.peek()] < value) result[stack.pop()] = value;
            if (i < n) stack.push(i);
        }
        return result;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        long[] values = new long[n];
        for (int i = 0; i < n; i++) values[i] = Long.parseLong(t[1 + i]);
        StringJoiner out = new StringJoiner(" ");
        for (long v : nextGreaterCircular(values)) out.add(String.valueOf(v));
        System.out.println(out);
    }
}
