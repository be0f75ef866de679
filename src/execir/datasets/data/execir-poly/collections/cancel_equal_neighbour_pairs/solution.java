import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;

public class Main {
    static int cancelPairs(String[] items, List<String> stack) {
        int cancelled = 0;
        for (String item : items) {
            if (item.isEmpty()) continue;
            if (!stack.isEmpty() && stack.get(stack.size() - 1).equals(item)) {
                stack.remove(stack.size() - 1);
                cancelled++;
            } else {
                stack.add(item);
            }
        }
        return cancelled;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line = in.readLine();
        List<String> stack = new ArrayList<>();
        int cancelled = cancelPairs((line == null ? "" : line).trim().split("\\s+"), stack);
        System.out.println(String.join(" ", stack));
        System.out.println(cancelled);
    }
}
