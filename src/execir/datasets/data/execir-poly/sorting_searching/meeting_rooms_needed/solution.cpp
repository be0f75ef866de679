#include <algorithm>
#include <iostream>
#include <vector>

int roomsNeeded(std::vector<int> starts, std::vector<int> ends) {
    std::sort(starts.begin(), starts.end());
    std::sort(ends.begin(), ends.end());
    int rooms = 0, best = 0;
    size_t j = 0;
    for (int s : starts) {
        while (j < ends.size() && ends[j] <= s) {
            j++;
            rooms--;
        }
        rooms++;
        if (rooms > best) best = rooms;
    }
    return best;
}

int main() {
    int n;
    std::cin >> n;
    std::vector<int> starts(n), ends(n);
    for (int i = 0; i < n; i++) std::cin >> starts[i] >> ends[i];
    std::cout << roomsNeeded(starts, ends) << "\n";
    return 0;
}
