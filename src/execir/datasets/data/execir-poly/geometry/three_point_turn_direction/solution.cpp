#include <iostream>
#include <string>

std::string turn(long long ax, long long ay, long long bx, long long by, long long cx, long long cy) {
    long long cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
    if (cross > 0) return "left";
    if (cross < 0) return "right";
    return "straight";
}

int main() {
    int q = 0;
    std::cin >> q;
    for (int i = 0; i < q; i++) {
        long long ax, ay, bx, by, cx, cy;
        std::cin >> ax >> ay >> bx >> by >> cx >> cy;
        std::cout << turn(ax, ay, bx, by, cx, cy) << "\n";
    }
    return 0;
}
