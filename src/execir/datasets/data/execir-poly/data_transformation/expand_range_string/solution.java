import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.StringJoiner;
import java.util.TreeSet;

public class Main {
    static Long parseNumber(String text) {
        String digits = text.startsWith("-") ? text.substring(1) : text;
        if (digits.isEmpty() || !digits.chars().allMatch(ch -> ch >= '0' && ch <= '9')) return null;
        return Long.parseLong(text);
    }

    static TreeSet<Long> expand(String text) {
        TreeSet<Long> values = new TreeSet<>();
        if (text.replace(" ", "").isEmpty()) return values;
        for (String raw : text.split(",", -1)) {
            String part = raw.replaceAll("^ +| +$", "");
            int cut = part.indexOf('-', 1);
            Long low = parseNumber(cut > 0 ? part.substring(0, cut) : part);
            Long high = parseNumber(cut > 0 ? part.substring(cut + 1) : part);
            if (low == null || high == null || low > high) return null;
            for (long v = low; v <= high; v++) values.add(v);
        }
        return values;
    }

    public static void main(String[] args) throws Exception {
        String line = new BufferedReader(new InputStreamReader(System.in)).readLine();
        TreeSet<Long> values = expand(line == null ? "" : line);
        if (values == null) {
            System.out.println("invalid");
            return;
        }
        StringJoiner out = new StringJoiner(" ");
        for (long v : values) out.add(String.valueOf(v));
        System.out.println(out);
    }
}
