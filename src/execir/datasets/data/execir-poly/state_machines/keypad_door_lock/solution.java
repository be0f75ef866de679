import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Main {
    static String keypadState(String keys, String code, int maxFailures) {
        String state = "locked";
        StringBuilder entry = new StringBuilder();
        int failures = 0;
        for (char key : keys.toCharArray()) {
            if (!state.equals("locked")) break;
            if (key == '#') {
                if (entry.toString().equals(code)) {
                    state = "open";
                } else if (++failures >= maxFailures) {
                    state = "blocked";
                }
                entry.setLength(0);
            } else {
                entry.append(key);
            }
        }
        return state;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String[] first = in.readLine().trim().split("\\s+");
        String keys = in.readLine();
        keys = keys == null ? "" : keys.trim();
        System.out.println(keypadState(keys, first[0], Integer.parseInt(first[1])));
    }
}
