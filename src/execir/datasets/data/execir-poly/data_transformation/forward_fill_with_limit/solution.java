import java.util.StringJoiner;

public class Main {
    static String forwardFill(String[] values, int limit) {
        String last = "_";
        int gap = 0;
        StringJoiner out = new StringJoiner(" ");
        for (String v : values) {
            if (v.equals("_")) {
                gap++;
                out.add(gap <= limit ? last : "_");
            } else {
                out.add(String.valueOf(Long.parseLong(v)));
                last = String.valueOf(Long.parseLong(v));
                gap = 0;
            }
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]), limit = Integer.parseInt(t[1]);
        String[] values = new String[n];
        System.arraycopy(t, 2, values, 0, n);
        System.out.println(limit < 0 ? "invalid" : forwardFill(values, limit));
    }
}
