import java.util.StringJoiner;

public class Main {
    static String splitAmount(long amount, int parts) {
        if (parts < 1 || amount < 0) return "invalid";
        long base = amount / parts, extra = amount % parts;
        StringJoiner out = new StringJoiner(" ");
        for (int i = 0; i < parts; i++) out.add(String.valueOf(i < extra ? base + 1 : base));
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int q = Integer.parseInt(t[0]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < q; i++) {
            out.append(splitAmount(Long.parseLong(t[1 + 2 * i]), Integer.parseInt(t[2 + 2 * i]))).append("\n");
        }
        System.out.print(out);
    }
}
