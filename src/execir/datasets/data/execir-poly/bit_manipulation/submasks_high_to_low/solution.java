import java.util.ArrayList;
import java.util.List;

public class Main {
    static List<String> submasks(int mask) {
        List<String> result = new ArrayList<>();
        if (mask < 0) return result;
        int sub = mask;
        while (true) {
            result.add(String.valueOf(sub));
            if (sub == 0) return result;
            sub = (sub - 1) & mask;
        }
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 1; i <= q; i++) {
            List<String> subs = submasks(Integer.parseInt(t[i]));
            out.append(subs.isEmpty() ? "none" : String.join(" ", subs)).append("\n");
        }
        System.out.print(out);
    }
}
