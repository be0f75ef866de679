import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayDeque;

public class Main {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int q = Integer.parseInt(in.readLine().trim());
        ArrayDeque<Long> stack = new ArrayDeque<>();
        ArrayDeque<Long> mins = new ArrayDeque<>();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            String[] op = in.readLine().trim().split("\\s+");
            if (op[0].equals("push")) {
                long value = Long.parseLong(op[1]);
                stack.push(value);
                mins.push(mins.isEmpty() || value < mins.peek() ? value : mins.peek());
            } else if (op[0].equals("pop")) {
                if (!stack.isEmpty()) {
                    stack.pop();
                    mins.pop();
                }
            } else {
                out.append(mins.isEmpty() ? "empty" : String.valueOf(mins.peek())).append("\n");
            }
        }
        System.out.print(out);
    }
}
