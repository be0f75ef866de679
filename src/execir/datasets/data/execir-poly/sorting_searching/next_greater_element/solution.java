import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.StringJoiner;

public class Main {
    static int[] nextGreater(int[] values) {
        int[] result = new int[values.length];
        Arrays.fill(result, -1);
        Deque<Integer> waiting = new ArrayDeque<>();
        for (int i = 0; i < values.length; i++) {
            while (!waiting.isEmpty() && values[waiting.peek()] < values[i]) {
                result[waiting.pop()] = values[i];
            }
            waiting.push(i);
        }
        return result;
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(tok[0]);
        int[] values = new int[n];
        for (int i = 0; i < n; i++) values[i] = Integer.parseInt(tok[1 + i]);
        StringJoiner row = new StringJoiner(" ");
        for (int r : nextGreater(values)) row.add(String.valueOf(r));
        System.out.println(row);
    }
}
